/** `npm run bench`: runs every benchmark and prints its figures. BENCH=name runs one. */
import { benchAms } from './ams.bench.ts';
import { benchAmsBatch } from './ams-batch.bench.ts';
import { benchApiOverhead } from './api-overhead.bench.ts';
import { benchBatchOrders } from './batch-orders.bench.ts';
import { benchDeployedMemory } from './deployed-memory.bench.ts';
import { benchItemDeclarationUpload } from './item-declarations-upload.bench.ts';
import { benchLabels } from './labels.bench.ts';
import { benchOrderImport } from './order-import.bench.ts';
import { benchOrderPlacement } from './order-placement.bench.ts';
import { benchOrderReport } from './order-report.bench.ts';
import { benchOrders } from './orders.bench.ts';
import { benchResponsiveness } from './responsiveness.bench.ts';
import { benchScan } from './scan.bench.ts';
import { benchStartup } from './startup.bench.ts';
import { benchStationSync } from './station-sync.bench.ts';
import { benchStatusUpload } from './status-upload.bench.ts';
import { benchWebBundle } from './web-bundle.bench.ts';
import { benchWebSpeed } from './web-speed.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  'item-declarations-upload': benchItemDeclarationUpload,
  orders: benchOrders,
  labels: benchLabels,
  'order-placement': benchOrderPlacement,
  'order-import': benchOrderImport,
  'order-report': benchOrderReport,
  'web-bundle': benchWebBundle,
  'web-speed': benchWebSpeed,
  'status-upload': benchStatusUpload,
  scan: benchScan,
  'station-sync': benchStationSync,
  responsiveness: benchResponsiveness,
  'batch-orders': benchBatchOrders,
  'deployed-memory': benchDeployedMemory,
  webhooks: benchWebhooks,
  ams: benchAms,
  'ams-batch': benchAmsBatch,
  startup: benchStartup,
  'api-overhead': benchApiOverhead,
};

const only = process.env.BENCH;
for (const [name, run] of Object.entries(benchmarks)) {
  if (only && only !== name) continue;
  await run();
}
