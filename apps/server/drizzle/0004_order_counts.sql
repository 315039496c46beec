CREATE TABLE "order_counts" (
	"account_sid" text NOT NULL,
	"day" date NOT NULL,
	"status" smallint NOT NULL,
	"missing_hs_code" boolean NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_counts_pkey" PRIMARY KEY("account_sid","day","status","missing_hs_code")
);
--> statement-breakpoint
DROP INDEX "order_items_missing_hs_code_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "missing_hs_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_counts_day_idx" ON "order_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_missing_hs_date_idx" ON "orders" USING btree ("date_created" DESC NULLS FIRST,"sid" DESC NULLS FIRST) WHERE "orders"."missing_hs_code";