CREATE TABLE "order_items" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_sid" text NOT NULL,
	"position" integer NOT NULL,
	"sku_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"item_description" text,
	"item_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_width" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_height" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_length" numeric(12, 3) DEFAULT '0' NOT NULL,
	"hs_code" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"account_sid" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"name" text NOT NULL,
	"phone" text,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"postal_code" text NOT NULL,
	"weight" integer NOT NULL,
	"width" numeric(20, 3) DEFAULT '0' NOT NULL,
	"length" numeric(20, 3) DEFAULT '0' NOT NULL,
	"height" numeric(20, 3) DEFAULT '0' NOT NULL,
	"vnd" numeric(16, 2) NOT NULL,
	"usd" numeric(16, 2) NOT NULL,
	"barcode" text NOT NULL,
	"shipping_partner" text,
	"seller_information" jsonb,
	"ams_sid" text,
	"ams_carton_label" text,
	"ams_master_air_waybill" text,
	"ams_automated_manifest_system_id" text,
	"ams_details" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_weight_not_negative" CHECK ("orders"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_sid" text NOT NULL,
	"status" smallint NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_sid_orders_sid_fk" FOREIGN KEY ("order_sid") REFERENCES "public"."orders"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_key" ON "order_items" USING btree ("order_sid","position");--> statement-breakpoint
CREATE INDEX "order_items_missing_hs_code_idx" ON "order_items" USING btree ("order_sid") WHERE "order_items"."hs_code" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_barcode_key" ON "orders" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_order_number_key" ON "orders" USING btree ("account_sid","order_number");--> statement-breakpoint
CREATE INDEX "orders_date_created_idx" ON "orders" USING btree ("date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_account_date_idx" ON "orders" USING btree ("account_sid","date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_order_number_lower_idx" ON "orders" USING btree (lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ams_sid_idx" ON "orders" USING btree ("ams_sid");--> statement-breakpoint
CREATE INDEX "orders_ams_master_air_waybill_idx" ON "orders" USING btree ("ams_master_air_waybill");--> statement-breakpoint
CREATE INDEX "orders_ams_carton_label_idx" ON "orders" USING btree ("ams_carton_label");--> statement-breakpoint
CREATE INDEX "tracking_events_order_time_idx" ON "tracking_events" USING btree ("order_sid","event_time");--> statement-breakpoint
CREATE INDEX "credit_ledger_order_idx" ON "credit_ledger" USING btree ("order_sid");