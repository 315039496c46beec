CREATE TABLE "account_hooks" (
	"account_sid" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_until" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text
);
--> statement-breakpoint
CREATE TABLE "hook_attempts" (
	"sid" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "hook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"order_sid" text,
	"barcode" text,
	"order_status" smallint,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"job_token" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "hook_events_state_known" CHECK ("hook_events"."state" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_hooks" ADD CONSTRAINT "account_hooks_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_attempts" ADD CONSTRAINT "hook_attempts_event_id_hook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."hook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hook_events" ADD CONSTRAINT "hook_events_account_sid_accounts_sid_fk" FOREIGN KEY ("account_sid") REFERENCES "public"."accounts"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hook_attempts_event_idx" ON "hook_attempts" USING btree ("event_id","attempted_at");--> statement-breakpoint
CREATE INDEX "hook_events_account_created_idx" ON "hook_events" USING btree ("account_sid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);