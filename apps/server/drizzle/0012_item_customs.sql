ALTER TABLE "item_declarations" ADD COLUMN "declared_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "item_declarations" ADD COLUMN "origin_country" text DEFAULT 'VN' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "declared_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "origin_country" text DEFAULT 'VN' NOT NULL;