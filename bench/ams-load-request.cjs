/**
 * autocannon's setupRequest for the loads of ams.bench.ts, loaded by path in autocannon's worker thread (a
 * function cannot be handed to it), so the load is made off the server's event loop: each request loads the next
 * barcode of the range BENCH_AMS_FIRST .. + BENCH_AMS_COUNT (wrapping) into the manifest whose fields
 * BENCH_AMS_FIXED holds as JSON, in the carton of its number (the environment the worker inherits).
 */
const first = Number(process.env.BENCH_AMS_FIRST ?? 0);
const count = Number(process.env.BENCH_AMS_COUNT ?? 1);
const orders = Number(process.env.BENCH_AMS_ORDERS_ALL ?? 1);
const cartons = Number(process.env.BENCH_AMS_CARTONS ?? 100);
const fixed = JSON.parse(process.env.BENCH_AMS_FIXED ?? '{}');
let next = 0;

module.exports = (request) => {
  const index = first + (next++ % count);
  const barcode = `AM${String(index + 1).padStart(10, '0')}`;
  const carton = `CTN-${String(Math.floor((index * cartons) / orders) + 1).padStart(3, '0')}`;
  return { ...request, body: JSON.stringify({ ...fixed, barcode, ams_carton_label: carton }) };
};
