CREATE TABLE "durable_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "durable_jobs_key_unique" UNIQUE("key"),
	CONSTRAINT "durable_jobs_attempts" CHECK ("durable_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "energy_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reward_points" integer NOT NULL,
	"target_percent" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"settlement_version" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "energy_events_window" CHECK ("energy_events"."ends_at" > "energy_events"."starts_at"),
	CONSTRAINT "energy_events_reward" CHECK ("energy_events"."reward_points" >= 1),
	CONSTRAINT "energy_events_target" CHECK ("energy_events"."target_percent" between 1 and 90),
	CONSTRAINT "energy_events_cancelled" CHECK (("energy_events"."status" = 'cancelled') = ("energy_events"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "event_participations" (
	"event_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"opted_in" boolean NOT NULL,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_participations_event_id_household_id_pk" PRIMARY KEY("event_id","household_id")
);
--> statement-breakpoint
CREATE TABLE "event_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provinces" text[] NOT NULL,
	"fsas" text[],
	"default_reward_points" integer DEFAULT 100 NOT NULL,
	"default_target_percent" integer DEFAULT 10 NOT NULL,
	"notice_hours" integer DEFAULT 4 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_programs_name_unique" UNIQUE("name"),
	CONSTRAINT "event_programs_reward" CHECK ("event_programs"."default_reward_points" >= 1),
	CONSTRAINT "event_programs_target" CHECK ("event_programs"."default_target_percent" between 1 and 90),
	CONSTRAINT "event_programs_notice" CHECK ("event_programs"."notice_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_results" (
	"event_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"outcome" text NOT NULL,
	"baseline_kwh" double precision,
	"actual_kwh" double precision,
	"reduction_kwh" double precision,
	"points" integer DEFAULT 0 NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_results_event_id_household_id_pk" PRIMARY KEY("event_id","household_id"),
	CONSTRAINT "event_results_points" CHECK ("event_results"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"household_id" uuid,
	"name" text,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_owner" CHECK (("points_accounts"."kind" = 'member') = ("points_accounts"."household_id" is not null)),
	CONSTRAINT "points_accounts_member_not_negative" CHECK ("points_accounts"."kind" <> 'member' or "points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_amount" CHECK ("points_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "points_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_events" ADD CONSTRAINT "energy_events_program_id_event_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."event_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participations" ADD CONSTRAINT "event_participations_event_id_energy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_results" ADD CONSTRAINT "event_results_event_id_energy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_transfer_id_points_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_account_id_points_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."points_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "durable_jobs_due_idx" ON "durable_jobs" USING btree ("run_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "energy_events_starts_idx" ON "energy_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "event_participations_household_idx" ON "event_participations" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_accounts_household_idx" ON "points_accounts" USING btree ("household_id") WHERE kind = 'member';--> statement-breakpoint
CREATE UNIQUE INDEX "points_accounts_name_idx" ON "points_accounts" USING btree ("kind","name") WHERE kind <> 'member';--> statement-breakpoint
CREATE INDEX "points_entries_account_idx" ON "points_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_transfer_idx" ON "points_entries" USING btree ("transfer_id");--> statement-breakpoint
-- Decision 033: the ledger's rules live in the database. A member balance is the sum of the
-- account's entries, kept by this trigger in the same statement, and the CHECK on
-- points_accounts refuses it below zero whatever code wrote the entry.
CREATE FUNCTION points_entry_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE points_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_entries_apply AFTER INSERT ON points_entries FOR EACH ROW EXECUTE FUNCTION points_entry_applied();
--> statement-breakpoint
CREATE FUNCTION points_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points entries are append-only; post a reversing transfer instead' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER points_entries_frozen BEFORE UPDATE OR DELETE ON points_entries FOR EACH ROW EXECUTE FUNCTION points_entries_append_only();
--> statement-breakpoint
-- A balance moves only through an entry (the trigger above runs one level down).
CREATE FUNCTION points_balance_from_entries_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a points balance changes only through ledger entries' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_accounts_balance_guard BEFORE UPDATE ON points_accounts FOR EACH ROW EXECUTE FUNCTION points_balance_from_entries_only();
--> statement-breakpoint
-- Every transfer balances: checked at commit, once all its entries are in.
CREATE FUNCTION points_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(amount) FROM points_entries WHERE transfer_id = NEW.transfer_id) <> 0 THEN
    RAISE EXCEPTION 'points transfer % does not balance', NEW.transfer_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER points_entries_balanced AFTER INSERT ON points_entries DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION points_transfer_balanced();
