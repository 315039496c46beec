CREATE TABLE "ams" (
	"sid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"departure_date" timestamp with time zone NOT NULL,
	"master_air_waybill" text NOT NULL,
	"airport_code" text NOT NULL,
	"hawb" text NOT NULL,
	"carrier" text NOT NULL,
	"service_type" text NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"location" text NOT NULL,
	"submit_status" text DEFAULT 'initiated' NOT NULL,
	"submit_reason" text,
	"is_updating" boolean DEFAULT false NOT NULL,
	"piece_seq" integer DEFAULT 0 NOT NULL,
	"manifest_file" "bytea",
	"manifest_file_name" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ams_status_known" CHECK ("ams"."status" in ('initiated', 'closed')),
	CONSTRAINT "ams_submit_status_known" CHECK ("ams"."submit_status" in ('initiated', 'submitted', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "ams_date_created_idx" ON "ams" USING btree ("date_created" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ams_master_air_waybill_idx" ON "ams" USING btree ("master_air_waybill");--> statement-breakpoint
CREATE INDEX "ams_status_departure_idx" ON "ams" USING btree ("status","departure_date");