-- Issue 21 (every text in the chosen language): the notes the server wrote in the credit ledger before they had
-- catalogue keys get their key and params (accounts.ledger.*, packages/shared/src/texts/catalog/accounts.ts), so
-- an order's older ledger rows read in both languages too. Each kind of row has one note the server wrote; a note
-- of another shape keeps a null note_text and is shown as it was written.
UPDATE "credit_ledger" SET "note_text" = jsonb_build_object(
  'key', 'accounts.ledger.orderCharge',
  'params', jsonb_build_object('orderNumber', substring("note" from 7)))
WHERE "kind" = 'order_charge' AND "note_text" IS NULL AND "note" LIKE 'Order %';
--> statement-breakpoint
UPDATE "credit_ledger" SET "note_text" = jsonb_build_object(
  'key', 'accounts.ledger.orderDeleted',
  'params', jsonb_build_object('orderNumber', substring("note" from '^Order (.*) deleted$')))
WHERE "kind" = 'refund' AND "note_text" IS NULL AND "note" ~ '^Order .* deleted$';
--> statement-breakpoint
UPDATE "credit_ledger" SET "note_text" = jsonb_build_object(
  'key', 'accounts.ledger.reweigh',
  'params', jsonb_build_object(
    'orderNumber', substring("note" from '^Order (.*): [0-9]+ g to [0-9]+ g$'),
    'from', substring("note" from ': ([0-9]+) g to [0-9]+ g$')::bigint,
    'to', substring("note" from ' g to ([0-9]+) g$')::bigint))
WHERE "kind" = 'reweigh' AND "note_text" IS NULL AND "note" ~ '^Order .*: [0-9]+ g to [0-9]+ g$';
