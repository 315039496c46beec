CREATE TABLE "order_history" (
	"sid" text PRIMARY KEY NOT NULL,
	"order_sid" text NOT NULL,
	"account_sid" text NOT NULL,
	"order_number" text NOT NULL,
	"barcode" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_sid" text,
	"actor_api_key_sid" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "actor_user_sid" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "actor_api_key_sid" text;--> statement-breakpoint
CREATE INDEX "order_history_order_at_idx" ON "order_history" USING btree ("order_sid","at");