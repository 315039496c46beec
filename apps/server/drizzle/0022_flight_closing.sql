ALTER TABLE "batch_orders" ADD COLUMN "check_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "runs" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ams_prior_status" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ams_prior_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "orders_barcode_pattern_idx" ON "orders" USING btree ("barcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_city_fold_idx" ON "orders" USING btree (search_fold("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_postal_code_pattern_idx" ON "orders" USING btree ("postal_code" text_pattern_ops);--> statement-breakpoint
-- Events written before events kept their reason: the order's latest event takes the order's current reason.
UPDATE "tracking_events" AS e SET "reason" = o."reason"
FROM "orders" AS o
WHERE o."sid" = e."order_sid" AND o."reason" IS NOT NULL AND e."status" = o."status"
  AND e."sid" = (
    SELECT x."sid" FROM "tracking_events" AS x WHERE x."order_sid" = o."sid"
    ORDER BY x."event_time" DESC, x."sid" DESC LIMIT 1
  );
