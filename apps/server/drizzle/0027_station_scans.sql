CREATE TABLE "station_scans" (
	"actor_sid" text NOT NULL,
	"client_scan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"barcode" text NOT NULL,
	"fingerprint" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"verdict" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_scans_actor_client_scan_id_pk" PRIMARY KEY("actor_sid","client_scan_id"),
	CONSTRAINT "station_scans_kind_known" CHECK ("station_scans"."kind" in ('hub', 'ams'))
);
--> statement-breakpoint
CREATE INDEX "station_scans_created_at_idx" ON "station_scans" USING btree ("created_at");