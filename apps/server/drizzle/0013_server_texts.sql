ALTER TABLE "ams" ADD COLUMN "submit_reason_key" text;--> statement-breakpoint
ALTER TABLE "ams" ADD COLUMN "submit_reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "reason_key" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "location_key" text;