/**
 * Benchmark: 1,000 4x6 labels with a Code 128 barcode each, in one PDF (a batch order's labels; target under
 * 2 s), then as ZPL at 203 and 300 dpi (issue 33; target under 1 s). Renders with the real label renderers,
 * from the one layout, and prints the time, the size and the peak memory. No database: the renderers are pure.
 * A big batch's labels in memory are measured on a server process, by `BENCH=deployed-memory`.
 */
import type { Readable } from 'node:stream';
import type { LabelData } from '../apps/server/src/modules/labels/label-layout.ts';
import { renderLabels } from '../apps/server/src/modules/labels/label-pdf.ts';
import { streamZplLabels, ZPL_DPIS, type ZplDpi } from '../apps/server/src/modules/labels/label-zpl.ts';
import { MemoryPeak } from './bench-app.ts';

const LABELS = Number(process.env.BENCH_LABELS ?? 1000);
const TARGET_SECONDS = 2;
const ZPL_TARGET_SECONDS = 1;

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

/** Reads a stream to its end, counting its bytes and keeping none (a download to a slow printer would). */
async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer | string).length;
  return bytes;
}

async function timedWith(render: () => Promise<number>): Promise<Run> {
  const peak = new MemoryPeak();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const bytes = await render();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, bytes, memory: peak.stop() };
}

const timed = (data: LabelData[]) => timedWith(async () => (await renderLabels(data)).length);
const timedZpl = (data: LabelData[], dpi: ZplDpi) => timedWith(() => drain(streamZplLabels(data, { dpi })));

/** The first run, then the median of three more. */
async function runs(run: () => Promise<Run>): Promise<{ first: Run; median: Run; warmCount: number }> {
  const all: Run[] = [];
  for (let index = 0; index < 4; index++) all.push(await run());
  const [first, ...warm] = all as [Run, ...Run[]];
  const median = [...warm].sort((a, b) => a.seconds - b.seconds)[Math.floor(warm.length / 2)] ?? first;
  return { first, median, warmCount: warm.length };
}

function report(count: number, measured: { first: Run; median: Run; warmCount: number }, target: number) {
  const perLabelMs = (run: Run) => ((run.seconds * 1000) / count).toFixed(2);
  for (const [name, run] of [
    ['first run', measured.first],
    [`median of next ${measured.warmCount}`, measured.median],
  ] as const) {
    console.log(
      `  ${name}: ${run.seconds.toFixed(2)} s (${perLabelMs(run)} ms a label, CPU ${run.cpuSeconds.toFixed(2)} s), ${(run.bytes / 1024 / 1024).toFixed(2)} MB (${Math.round(run.bytes / count).toLocaleString('en-US')} bytes a label), peak RSS ${run.memory.rssMb} MB (heap ${run.memory.heapMb} MB)`,
    );
  }
  const met = measured.median.seconds < target;
  console.log(`  target: under ${target} s (warm) -> ${met ? 'met' : 'NOT met'}`);
}

export async function benchLabels(): Promise<void> {
  const data = labelsForBench(LABELS);
  // The first run pays for loading the fonts and for warming the JIT, as a server's first batch does; the next
  // runs are the steady state.
  console.log(
    `labels PDF, ${LABELS.toLocaleString('en-US')} labels 4x6 in, Code 128 as vector bars, one PDF`,
  );
  report(LABELS, await runs(() => timed(data)), TARGET_SECONDS);
  for (const dpi of ZPL_DPIS) {
    console.log(`labels ZPL ${dpi} dpi, ${LABELS.toLocaleString('en-US')} labels, texts as graphic fields`);
    report(LABELS, await runs(() => timedZpl(data, dpi)), ZPL_TARGET_SECONDS);
  }
}
