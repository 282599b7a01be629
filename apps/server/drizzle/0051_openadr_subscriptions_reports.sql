-- OpenADR webhook subscriptions and reports (issue 33, decision 110). The callback path carries a token of its
-- own per VTN (an unknown one is a 404), and each subscription its own bearer token, of which only
-- the SHA-256 is kept: a notification whose bearer matches none is refused.
ALTER TABLE "openadr_vtns" ADD COLUMN "callback_token" text;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "subscription_status" text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "subscription_error" text;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "subscription_checked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "notified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD CONSTRAINT "openadr_vtns_subscription_status" CHECK ("subscription_status" in ('off', 'active', 'failed'));
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD CONSTRAINT "openadr_vtns_callback_token" CHECK ("callback_token" is null or "callback_token" ~ '^[0-9a-f]{32,128}$');
--> statement-breakpoint
-- One subscription per scope: a VTN program's id (3.0.1 ties each subscription to one program) or
-- '*' (3.1.1: all programs). A new bearer's hash is pending from before it is sent until the VTN's
-- answer is written; both it and the current one are accepted, so neither a notification sent at
-- once nor a refused change of bearer leaves the VEN deaf.
CREATE TABLE "openadr_subscriptions" (
	"vtn_id" uuid NOT NULL REFERENCES "openadr_vtns"("id") ON DELETE cascade,
	"scope" text NOT NULL,
	"vtn_subscription_id" text,
	"bearer_sha256" text,
	"pending_bearer_sha256" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "openadr_subscriptions_pk" PRIMARY KEY ("vtn_id", "scope"),
	CONSTRAINT "openadr_subscriptions_bearer_format" CHECK (("bearer_sha256" is null or "bearer_sha256" ~ '^[0-9a-f]{64}$') and ("pending_bearer_sha256" is null or "pending_bearer_sha256" ~ '^[0-9a-f]{64}$')),
	CONSTRAINT "openadr_subscriptions_held" CHECK ("vtn_subscription_id" is null or "bearer_sha256" is not null)
);
--> statement-breakpoint
-- What the VTN asked to be reported for an event (its reportDescriptors as sent); null: nothing.
ALTER TABLE "openadr_events" ADD COLUMN "report_descriptors" jsonb;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "report_error" text;
--> statement-breakpoint
ALTER TABLE "openadr_vtns" ADD COLUMN "report_error_at" timestamp with time zone;
--> statement-breakpoint
-- The one report per VTN event (decision 110): created once, then updated in place, provisional
-- while the event runs and final once settled (again when a late reading re-settles it). What was
-- last sent is kept for /ops: aggregated figures only, no household's.
CREATE TABLE "openadr_reports" (
	"vtn_id" uuid NOT NULL REFERENCES "openadr_vtns"("id") ON DELETE cascade,
	"vtn_event_id" text NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "energy_events"("id"),
	"vtn_report_id" text NOT NULL,
	"stage" text NOT NULL,
	"settlement_version" integer,
	"intervals" integer NOT NULL,
	"baseline_kwh" double precision NOT NULL,
	"actual_kwh" double precision NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "openadr_reports_pk" PRIMARY KEY ("vtn_id", "vtn_event_id"),
	CONSTRAINT "openadr_reports_stage" CHECK ("stage" in ('provisional', 'final')),
	CONSTRAINT "openadr_reports_final_version" CHECK (("stage" = 'final') = ("settlement_version" is not null)),
	CONSTRAINT "openadr_reports_figures" CHECK ("intervals" >= 0 and "baseline_kwh" >= 0 and "actual_kwh" >= 0)
);
