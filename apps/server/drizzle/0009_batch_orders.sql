CREATE TABLE "batch_orders" (
	"sid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_sid" text NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"reason" text,
	"file_name" text NOT NULL,
	"file" "bytea",
	"rows" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_charge" numeric(18, 2) DEFAULT '0' NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb,
	"created_by_user_sid" text,
	"created_by_api_key_sid" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batch_orders_status_known" CHECK ("batch_orders"."status" in ('initiated', 'in-progress', 'success', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "batch_sid" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_orders_date_idx" ON "batch_orders" USING btree ("date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "batch_orders_account_date_idx" ON "batch_orders" USING btree ("account_sid","date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_batch_sid_batch_orders_sid_fk" FOREIGN KEY ("batch_sid") REFERENCES "public"."batch_orders"("sid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_batch_sid_idx" ON "orders" USING btree ("batch_sid") WHERE "orders"."batch_sid" is not null;