CREATE TABLE "ams_batch_progress" (
	"progress_id" text PRIMARY KEY NOT NULL,
	"user_sid" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
