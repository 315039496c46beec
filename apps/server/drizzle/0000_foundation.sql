CREATE TABLE "accounts" (
	"sid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"vendor_sid" text,
	"price_sid" text,
	"order_status_hook" text,
	"address" jsonb,
	"use_credit" boolean DEFAULT false NOT NULL,
	"credit_balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"credit_unit" text DEFAULT 'VND' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_credit_balance_not_negative" CHECK ("accounts"."credit_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"sid" text PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"balance_after" numeric(16, 2) NOT NULL,
	"unit" text NOT NULL,
	"order_sid" text,
	"note" text,
	"created_by" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"sid" text PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"last_used" timestamp with time zone,
	"created_by" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"sid" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" smallint NOT NULL,
	"account_sid" text,
	"force_change" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"sid" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"name" text NOT NULL,
	"credentials" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_vendor_sid_vendors_sid_fk" FOREIGN KEY ("vendor_sid") REFERENCES "public"."vendors"("sid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_name_lower_idx" ON "accounts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "accounts_vendor_idx" ON "accounts" USING btree ("vendor_sid");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_date_idx" ON "credit_ledger" USING btree ("account_sid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_lower_key" ON "vendors" USING btree (lower("name"));