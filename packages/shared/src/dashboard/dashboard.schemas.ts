/**
 * GET /dashboard: what each role's home page charts. Orders per UTC day and status come from the order
 * counts; spend per day is given when the reply covers one account (a seller's own, or the one staff asked for).
 */
import { z } from 'zod';
import { CreditUnitSchema } from '../accounts/account.schemas.ts';
import { says } from '../texts/issues.ts';

export const DASHBOARD_DAYS = { min: 1, max: 90, default: 30 } as const;

export const DashboardQuerySchema = z.object({
  /** How many UTC days, today included, the reply covers. */
  days: z.coerce
    .number()
    .int(says('validation.wholeNumber', { label: 'days' }))
    .min(DASHBOARD_DAYS.min, says('validation.atLeast', { label: 'days', min: DASHBOARD_DAYS.min }))
    .max(DASHBOARD_DAYS.max, says('validation.atMost', { label: 'days', max: DASHBOARD_DAYS.max }))
    .default(DASHBOARD_DAYS.default),
  /** Staff may narrow the reply to one account; an account user always gets their own. */
  account_sid: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
});
export type DashboardQuery = z.output<typeof DashboardQuerySchema>;

/** A UTC day, YYYY-MM-DD. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const DashboardOrdersOfDaySchema = z.object({
  day: DaySchema,
  status: z.number().int(),
  count: z.number().int(),
});
export type DashboardOrdersOfDay = z.infer<typeof DashboardOrdersOfDaySchema>;

export const DashboardSpendOfDaySchema = z.object({ day: DaySchema, amount: z.number() });
export type DashboardSpendOfDay = z.infer<typeof DashboardSpendOfDaySchema>;

/** Parcels received at a hub (their "Received at <hub> hub" scan) on one UTC day. */
export const DashboardScansOfDaySchema = z.object({
  day: DaySchema,
  hub: z.string(),
  count: z.number().int(),
});
export type DashboardScansOfDay = z.infer<typeof DashboardScansOfDaySchema>;

export const DashboardSchema = z.object({
  /** The first and the last UTC day covered, both included (the last is today). */
  from: DaySchema,
  to: DaySchema,
  /** Orders created per UTC day and status; days and statuses without orders are left out. */
  ordersPerDay: z.array(DashboardOrdersOfDaySchema),
  /**
   * What the account's orders created each day cost, in the unit it pays in (its credit unit): null when the
   * reply covers every account. Days without orders are left out.
   */
  spend: z
    .object({
      unit: CreditUnitSchema,
      perDay: z.array(DashboardSpendOfDaySchema),
    })
    .nullable(),
  /**
   * Parcels scanned in per hub and UTC day (the first hub scan of each, as its tracking event records it), for
   * the reply's accounts; days and hubs without scans are left out.
   */
  scansPerDay: z.array(DashboardScansOfDaySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
