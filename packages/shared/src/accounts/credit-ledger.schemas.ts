import { z } from 'zod';
import { TextSchema } from '../texts/text.schemas.ts';
import { CreditUnitSchema } from './account.schemas.ts';

/** Kinds of balance change (product decisions, Credit): topups, and orders' charges, refunds and re-weighs. */
export const CREDIT_ENTRY_KINDS = ['topup', 'order_charge', 'refund', 'reweigh'] as const;
export const CreditEntryKindSchema = z.enum(CREDIT_ENTRY_KINDS);
export type CreditEntryKind = z.infer<typeof CreditEntryKindSchema>;

/** One row an order wrote in its account's credit ledger (GET /orders/{sid}/credit_entries), oldest first. */
export const OrderCreditEntrySchema = z.object({
  kind: CreditEntryKindSchema,
  /** Positive added to the balance (a refund), negative took from it (a charge). */
  amount: z.number(),
  balance_after: z.number(),
  unit: CreditUnitSchema,
  /** Why the balance moved, in English. */
  note: z.string().nullable(),
  /** The note as a catalogue text, for the chosen language (rows written before issue 21 may have none). */
  note_text: TextSchema.nullable(),
  date_created: z.string(),
});
export type OrderCreditEntry = z.infer<typeof OrderCreditEntrySchema>;
