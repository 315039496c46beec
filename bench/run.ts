/** `npm run bench`: runs every benchmark and prints its figures. BENCH=name runs one. */
import { benchItemDeclarationUpload } from './item-declarations-upload.bench.ts';
import { benchLabels } from './labels.bench.ts';
import { benchOrders } from './orders.bench.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  'item-declarations-upload': benchItemDeclarationUpload,
  orders: benchOrders,
  labels: benchLabels,
};

const only = process.env.BENCH;
for (const [name, run] of Object.entries(benchmarks)) {
  if (only && only !== name) continue;
  await run();
}
