CREATE TABLE "privacy_export_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "privacy_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq"),
	CONSTRAINT "privacy_export_chunks_seq" CHECK ("privacy_export_chunks"."seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "privacy_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"byte_size" bigint,
	CONSTRAINT "privacy_exports_ready_has_times" CHECK ("privacy_exports"."status" = 'pending' or ("privacy_exports"."ready_at" is not null and "privacy_exports"."expires_at" is not null and "privacy_exports"."byte_size" >= 0))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "wording_version" text;--> statement-breakpoint
ALTER TABLE "privacy_export_chunks" ADD CONSTRAINT "privacy_export_chunks_export_id_privacy_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."privacy_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_exports_one_pending" ON "privacy_exports" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
-- Records made before the wording version existed: their English wording identifies the version they were shown.
UPDATE "consents" SET "wording_version" = v.version
FROM (VALUES
  ('Share my registration data with content providers for marketing purposes', 'marketing_data_sharing/1'),
  ('Tell me about Energy Saving Events', 'notifications:events/1'),
  ('Remind me about my bills', 'notifications:bill_reminders/1'),
  ('Alert me about maintenance', 'notifications:maintenance_alerts/1'),
  ('Tell me about my rewards', 'notifications:rewards/1')
) AS v(wording, version)
WHERE "consents"."wording" = v.wording AND "consents"."wording_version" IS NULL;
