/**
 * Benchmark: 1,000 4x6 labels with a Code 128 barcode each, in one PDF (a batch order's labels; target under
 * 2 s). Renders with the real label renderer, barcodes drawn as vector bars, and prints the time, the size
 * and the peak memory. No database: the renderer is pure.
 */
import { type LabelData, renderLabels } from '../apps/server/src/modules/labels/label-pdf.ts';
import { MemoryPeak } from './bench-app.ts';

const LABELS = Number(process.env.BENCH_LABELS ?? 1000);
const TARGET_SECONDS = 2;

export function labelsForBench(count: number): LabelData[] {
  return Array.from({ length: count }, (_, index) => ({
    orderNumber: `SO-2026-${index.toString().padStart(6, '0')}`,
    barcode: `PO${(1_960_000_000 + index * 7919).toString().padStart(10, '0')}`,
    weightGrams: 250 + ((index * 37) % 9750),
    service: index % 3 === 0 ? 'USPS Ground Advantage' : null,
    sender: {
      name: 'Saigon Crafts Co.',
      contact: index % 2 === 0 ? 'Nguyễn Văn Đức' : null,
      address1: '12 Lê Lợi, Phường Bến Nghé',
      city: 'Ho Chi Minh City',
      state: 'HCM',
      postalCode: '700000',
      country: 'VN',
    },
    recipient: {
      name: `Customer number ${index}`,
      phone: `+1 415 555 ${(index % 10_000).toString().padStart(4, '0')}`,
      address1: `${100 + index} Market Street`,
      address2: index % 4 === 0 ? `Suite ${index % 500}` : null,
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
    },
    date: new Date(Date.UTC(2026, 10, 1 + (index % 28))),
  }));
}

interface Run {
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  memory: { rssMb: number; heapMb: number };
}

async function timed(data: LabelData[]): Promise<Run> {
  const peak = new MemoryPeak();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pdf = await renderLabels(data);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, bytes: pdf.length, memory: peak.stop() };
}

export async function benchLabels(): Promise<void> {
  const data = labelsForBench(LABELS);
  // The first run pays for loading pdfkit's font metrics and for warming the JIT, as a server's first batch
  // does; the next runs are the steady state.
  const runs = [];
  for (let index = 0; index < 4; index++) runs.push(await timed(data));
  const [first, ...warm] = runs as [Run, ...Run[]];
  const median = [...warm].sort((a, b) => a.seconds - b.seconds)[Math.floor(warm.length / 2)] ?? first;
  const perLabelMs = (run: Run) => ((run.seconds * 1000) / LABELS).toFixed(2);
  console.log(
    `labels PDF, ${LABELS.toLocaleString('en-US')} labels 4x6 in, Code 128 as vector bars, one PDF`,
  );
  for (const [name, run] of [
    ['first run', first],
    [`median of next ${warm.length}`, median],
  ] as const) {
    console.log(
      `  ${name}: ${run.seconds.toFixed(2)} s (${perLabelMs(run)} ms a label, CPU ${run.cpuSeconds.toFixed(2)} s), ${(run.bytes / 1024 / 1024).toFixed(2)} MB (${Math.round(run.bytes / LABELS).toLocaleString('en-US')} bytes a label), peak RSS ${run.memory.rssMb} MB (heap ${run.memory.heapMb} MB)`,
    );
  }
  const met = first.seconds < TARGET_SECONDS && median.seconds < TARGET_SECONDS;
  console.log(`  target: under ${TARGET_SECONDS} s -> ${met ? 'met' : 'NOT met'}`);
}
