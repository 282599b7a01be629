CREATE TABLE "statement_payments" (
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"statement_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status_at_issue" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_payments_payment_id_kind_pk" PRIMARY KEY("payment_id","kind"),
	CONSTRAINT "statement_payments_amount" CHECK ("statement_payments"."amount_cents" > 0),
	CONSTRAINT "statement_payments_status" CHECK (("statement_payments"."kind" = 'carried') = ("statement_payments"."status_at_issue" is not null))
);
--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_payments_statement_idx" ON "statement_payments" USING btree ("statement_id");--> statement-breakpoint
-- Append-only, and every row true to its payment (decision 056): the same amount and household, a
-- carry only of a payment succeeded or pending, a return only of a failed payment that was carried
-- while pending.
CREATE FUNCTION statement_payments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'statement_payments rows are never changed' USING ERRCODE = 'check_violation';
  END IF;
  SELECT pay.amount_cents, pay.household_id, pay.status INTO p FROM payments pay WHERE pay.id = NEW.payment_id;
  IF p.amount_cents <> NEW.amount_cents OR p.household_id <> (SELECT s.household_id FROM statements s WHERE s.id = NEW.statement_id) THEN
    RAISE EXCEPTION 'a statement carries its own household''s payment at its amount' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kind = 'carried' AND p.status <> NEW.status_at_issue THEN
    RAISE EXCEPTION 'a payment is carried as it stands' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kind = 'returned' AND (p.status <> 'failed' OR NOT EXISTS (
    SELECT 1 FROM statement_payments c WHERE c.payment_id = NEW.payment_id AND c.kind = 'carried' AND c.status_at_issue = 'pending')) THEN
    RAISE EXCEPTION 'only a failed payment carried while pending is returned' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER statement_payments_guard BEFORE INSERT OR UPDATE ON statement_payments FOR EACH ROW EXECUTE FUNCTION statement_payments_guard();
--> statement-breakpoint
-- Statements issued before this table carried the succeeded payments against their previous
-- statement (or, for a first statement, those made before it) that had succeeded by their issue.
INSERT INTO statement_payments (payment_id, kind, statement_id, amount_cents, status_at_issue, created_at)
SELECT pay.id, 'carried', s.id, pay.amount_cents, 'succeeded', s.issued_at
FROM (SELECT st.*, lag(st.id) OVER (PARTITION BY st.household_id ORDER BY st.period_start) AS previous_id FROM statements st) s
JOIN payments pay ON pay.household_id = s.household_id AND pay.status = 'succeeded' AND pay.succeeded_at <= s.issued_at
  AND pay.statement_id IS NOT DISTINCT FROM s.previous_id;
