-- credit_ledger.seq: the order of an account's balance changes, taken under the account's row lock, so the
-- credit usage report lists entries in the order the balance moved (date_created is the start of the writing
-- transaction, which concurrent orders do not commit in).

-- Rows written so far are numbered in the best order known for them: date_created, then sid (a UUIDv7).
ALTER TABLE "credit_ledger" ADD COLUMN "seq" bigint;
--> statement-breakpoint
UPDATE "credit_ledger" l SET "seq" = numbered.n
FROM (SELECT "sid", row_number() OVER (ORDER BY "date_created", "sid") AS n FROM "credit_ledger") numbered
WHERE l."sid" = numbered."sid";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);
--> statement-breakpoint
-- New rows continue after the numbered ones.
SELECT setval(pg_get_serial_sequence('"credit_ledger"', 'seq'), coalesce(max("seq"), 0) + 1, false) FROM "credit_ledger";
