-- Peakwise as an OpenADR 3 VEN (issue 33, decision 104). One row per VTN (its base URL); the client
-- secret stays in the environment and is never stored. What the VEN last heard from each VTN, and
-- the back-off after a refusal, survive a restart.
CREATE TABLE "openadr_vtns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL UNIQUE,
	"version" text NOT NULL,
	"ven_name" text NOT NULL,
	"ven_id" text,
	"last_token_at" timestamp with time zone,
	"last_poll_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openadr_vtns_version" CHECK ("version" in ('3.0.1', '3.1.1')),
	CONSTRAINT "openadr_vtns_failures" CHECK ("failures" >= 0)
);
--> statement-breakpoint
-- The resources the VEN registered on a VTN: one per Peakwise program area.
CREATE TABLE "openadr_resources" (
	"vtn_id" uuid NOT NULL REFERENCES "openadr_vtns"("id") ON DELETE cascade,
	"resource_name" text NOT NULL,
	"program_id" uuid NOT NULL REFERENCES "event_programs"("id") ON DELETE cascade,
	"vtn_resource_id" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openadr_resources_pk" PRIMARY KEY ("vtn_id", "resource_name")
);
--> statement-breakpoint
-- Each VTN program the VEN has seen, and the Peakwise program an operator chose for it (null: not
-- mapped yet; its events are recorded as unmapped until it is).
CREATE TABLE "openadr_program_maps" (
	"vtn_id" uuid NOT NULL REFERENCES "openadr_vtns"("id") ON DELETE cascade,
	"vtn_program_id" text NOT NULL,
	"vtn_program_name" text NOT NULL,
	"program_id" uuid REFERENCES "event_programs"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openadr_program_maps_pk" PRIMARY KEY ("vtn_id", "vtn_program_id")
);
--> statement-breakpoint
-- Every VTN event received and what it became. The fingerprint is of the event as the VTN sent it:
-- the same event again (a duplicate, a missed-then-polled notification) changes nothing.
CREATE TABLE "openadr_events" (
	"vtn_id" uuid NOT NULL REFERENCES "openadr_vtns"("id") ON DELETE cascade,
	"vtn_event_id" text NOT NULL,
	"vtn_program_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"detail" text,
	"event_id" uuid REFERENCES "energy_events"("id"),
	"first_seen_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "openadr_events_pk" PRIMARY KEY ("vtn_id", "vtn_event_id"),
	CONSTRAINT "openadr_events_status" CHECK ("status" in ('scheduled', 'refused', 'cancelled')),
	CONSTRAINT "openadr_events_reason" CHECK ("status" <> 'refused' or "reason" is not null),
	CONSTRAINT "openadr_events_scheduled_has_event" CHECK ("status" <> 'scheduled' or "event_id" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "openadr_events_event_idx" ON "openadr_events" ("event_id") WHERE "event_id" is not null;
