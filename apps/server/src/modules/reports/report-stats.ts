/**
 * The delivery time report's arithmetic: hours between two instants, ISO weeks, and the weekly summary
 * (count, average, median, 90th percentile). Percentiles interpolate between ranks like Excel's
 * PERCENTILE.INC, so the median is the 50th percentile and a reader can check a figure in the sheet.
 */

const HOUR_MS = 3_600_000;

/** Hours from `from` to `to`, to two decimals; null when either is missing. */
export function hoursBetween(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null;
  return Math.round(((to.getTime() - from.getTime()) / HOUR_MS) * 100) / 100;
}

/** The ISO 8601 week of an instant in UTC, as "2026-W07". */
export function isoWeek(instant: Date): string {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The week belongs to the year of its Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The p-th percentile (0..1) of sorted values, interpolated (PERCENTILE.INC); null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  const value = lowValue + ((sorted[high] as number) - lowValue) * (rank - low);
  return Math.round(value * 100) / 100;
}

export interface MeasureSummary {
  average: number | null;
  median: number | null;
  p90: number | null;
}

export function summarize(values: readonly number[]): MeasureSummary {
  if (values.length === 0) return { average: null, median: null, p90: null };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    average: Math.round((sum / sorted.length) * 100) / 100,
    median: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
  };
}

export const MEASURES = ['toFirstScan', 'toDeparture', 'toDelivery'] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * Hours per ISO week and measure. It keeps one number per order and measure (8 bytes each: 2.4 MB for
 * 100,000 orders), as a median needs them all; the rows themselves are not kept.
 */
export class WeeklySummary {
  private readonly weeks = new Map<string, { count: number } & Record<Measure, number[]>>();

  add(week: string, hours: Record<Measure, number | null>): void {
    let entry = this.weeks.get(week);
    if (!entry) {
      entry = { count: 0, toFirstScan: [], toDeparture: [], toDelivery: [] };
      this.weeks.set(week, entry);
    }
    entry.count += 1;
    for (const measure of MEASURES) {
      const value = hours[measure];
      if (value !== null) entry[measure].push(value);
    }
  }

  /** Oldest week first. */
  rows(): { week: string; count: number; measures: Record<Measure, MeasureSummary> }[] {
    return [...this.weeks.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([week, entry]) => ({
        week,
        count: entry.count,
        measures: {
          toFirstScan: summarize(entry.toFirstScan),
          toDeparture: summarize(entry.toDeparture),
          toDelivery: summarize(entry.toDelivery),
        },
      }));
  }
}
