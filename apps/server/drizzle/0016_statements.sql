CREATE TABLE "statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description_key" text NOT NULL,
	"description_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" double precision,
	"unit" text,
	"unit_price_cents" double precision,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "statement_lines_position" UNIQUE("statement_id","position"),
	CONSTRAINT "statement_lines_kind" CHECK ("statement_lines"."kind" in ('energy', 'fixed', 'export-credit', 'rebate', 'tax', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"billed_from" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_date" date NOT NULL,
	"province" text NOT NULL,
	"time_zone" text NOT NULL,
	"previous_balance_cents" integer NOT NULL,
	"charges_cents" integer NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"import_kwh" double precision NOT NULL,
	"export_kwh" double precision NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	CONSTRAINT "statements_household_period" UNIQUE("household_id","period_start"),
	CONSTRAINT "statements_period" CHECK ("statements"."period_end" >= "statements"."period_start" and "statements"."billed_from" between "statements"."period_start" and "statements"."period_end" and "statements"."due_date" > "statements"."period_end"),
	CONSTRAINT "statements_amount_due" CHECK ("statements"."amount_due_cents" = "statements"."previous_balance_cents" + "statements"."charges_cents"),
	CONSTRAINT "statements_usage" CHECK ("statements"."import_kwh" >= 0 and "statements"."export_kwh" >= 0)
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: the statement rules in the database (decision 044), so no code path can break them.
ALTER TABLE "statements" ADD CONSTRAINT "statements_status" CHECK ("status" in ('issued'));
--> statement-breakpoint
-- An issued statement is a document the member has seen: its lines and amounts never change
-- (a late reading becomes an adjustment line on the next statement). Deleting the household
-- (account deletion) still removes them through the cascade.
CREATE FUNCTION statement_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'statement lines cannot be changed' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER statement_lines_no_update BEFORE UPDATE ON statement_lines FOR EACH ROW EXECUTE FUNCTION statement_lines_immutable();
--> statement-breakpoint
CREATE FUNCTION statements_amounts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.household_id, NEW.period_start, NEW.period_end, NEW.billed_from, NEW.issued_at, NEW.due_date, NEW.previous_balance_cents, NEW.charges_cents, NEW.amount_due_cents, NEW.import_kwh, NEW.export_kwh)
     IS DISTINCT FROM (OLD.household_id, OLD.period_start, OLD.period_end, OLD.billed_from, OLD.issued_at, OLD.due_date, OLD.previous_balance_cents, OLD.charges_cents, OLD.amount_due_cents, OLD.import_kwh, OLD.export_kwh) THEN
    RAISE EXCEPTION 'an issued statement cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER statements_no_amount_update BEFORE UPDATE ON statements FOR EACH ROW EXECUTE FUNCTION statements_amounts_immutable();
--> statement-breakpoint
-- A statement's lines add up to its charges: checked at commit, once all its lines are in.
CREATE FUNCTION statement_adds_up(sid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM statements s WHERE s.id = sid
             AND s.charges_cents <> coalesce((SELECT sum(l.amount_cents) FROM statement_lines l WHERE l.statement_id = sid), 0)) THEN
    RAISE EXCEPTION 'statement % lines do not add up to its charges', sid USING ERRCODE = 'check_violation';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION statements_add_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statement_adds_up(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION statement_lines_add_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statement_adds_up(NEW.statement_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER statements_lines_add_up AFTER INSERT ON statements DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION statements_add_up();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER statement_lines_add_up AFTER INSERT ON statement_lines DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION statement_lines_add_up();
