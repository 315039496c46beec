/**
 * The reply of GET /dashboard turned into what the charts and tables draw: every day of the window (days
 * without orders as zeros, so the chart's time axis has no holes), the statuses that occur, and the totals.
 */
import type { Dashboard } from '@parcelops/shared';

const DAY_MS = 86_400_000;

/** Every UTC day from `from` to `to`, both included, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A YYYY-MM-DD day as local midnight of that calendar day: the formatters work in the browser's zone, and a
 * UTC midnight would show as the day before west of Greenwich.
 */
export function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

export interface OrdersOfDay {
  day: string;
  /** Orders per status on that day (statuses without orders are absent). */
  counts: Record<number, number>;
  total: number;
}

export interface OrdersPicture {
  /** The statuses that occur in the window, in status order. */
  statuses: number[];
  days: OrdersOfDay[];
  totals: Record<number, number>;
  total: number;
}

export function ordersPicture(reply: Dashboard): OrdersPicture {
  const byDay = new Map(daysOf(reply.from, reply.to).map((day) => [day, { day, counts: {}, total: 0 }]));
  const totals: Record<number, number> = {};
  let total = 0;
  for (const { day, status, count } of reply.ordersPerDay) {
    const row: OrdersOfDay = byDay.get(day) ?? { day, counts: {}, total: 0 };
    byDay.set(day, row);
    row.counts[status] = (row.counts[status] ?? 0) + count;
    row.total += count;
    totals[status] = (totals[status] ?? 0) + count;
    total += count;
  }
  const statuses = Object.keys(totals)
    .map(Number)
    .sort((a, b) => a - b);
  const days = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  return { statuses, days, totals, total };
}

export interface SpendPicture {
  /** Every day of the window, with 0 where nothing was spent. */
  days: { day: string; amount: number }[];
  total: number;
}

export function spendPicture(reply: Dashboard): SpendPicture | null {
  if (!reply.spend) return null;
  const amounts = new Map(reply.spend.perDay.map((row) => [row.day, row.amount]));
  const days = daysOf(reply.from, reply.to).map((day) => ({ day, amount: amounts.get(day) ?? 0 }));
  const total = reply.spend.perDay.reduce((sum, row) => sum + row.amount, 0);
  return { days, total };
}
