/**
 * autocannon's setupRequest for the first-scan load of api-overhead.bench.ts, loaded by path in autocannon's
 * worker thread (a function cannot be handed to it): each request scans the next fresh Generated order of the
 * bench's scan pool, from BENCH_SCAN_FROM on (the environment the worker inherits).
 */
let next = Number(process.env.BENCH_SCAN_FROM ?? 0);

module.exports = (request) => {
  next += 1;
  const barcode = `SB${String(next).padStart(10, '0')}`;
  return { ...request, path: `/api/v1/orders/scan/barcode/${barcode}?hub=SGN` };
};
