CREATE TABLE "hs_codes" (
	"sid" text PRIMARY KEY NOT NULL,
	"hs_code" text NOT NULL,
	"description" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_declarations" (
	"sid" text PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"sku_number" text NOT NULL,
	"name" text NOT NULL,
	"ref_name" text NOT NULL,
	"item_description" text NOT NULL,
	"hs_code" text,
	"item_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_width" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_height" numeric(12, 3) DEFAULT '0' NOT NULL,
	"item_length" numeric(12, 3) DEFAULT '0' NOT NULL,
	"can_combine" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_tables" (
	"sid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_declarations" ADD CONSTRAINT "item_declarations_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hs_codes_hs_code_key" ON "hs_codes" USING btree ("hs_code");--> statement-breakpoint
CREATE UNIQUE INDEX "item_declarations_account_sku_key" ON "item_declarations" USING btree ("account_sid","sku_number");--> statement-breakpoint
CREATE UNIQUE INDEX "price_tables_name_lower_key" ON "price_tables" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_price_sid_price_tables_sid_fk" FOREIGN KEY ("price_sid") REFERENCES "public"."price_tables"("sid") ON DELETE restrict ON UPDATE no action;