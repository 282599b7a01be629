ALTER TABLE "payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_action" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "authentication" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "authentication_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_next_action" CHECK (("payments"."status" = 'requires_action') = ("payments"."next_action" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'requires_action', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_authentication" CHECK (("sandbox_charges"."authentication" is null) = ("sandbox_charges"."authentication_expires_at" is null));--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_failure" CHECK (("sandbox_charges"."failure_code" is not null) = ("sandbox_charges"."authentication" is not null and "sandbox_charges"."authentication" in ('failed', 'expired')));--> statement-breakpoint
-- custom: the sandbox's authentication states (decision 055).
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_authentication_state" CHECK ("authentication" IS NULL OR "authentication" IN ('required', 'approved', 'failed', 'expired'));
--> statement-breakpoint
-- custom: 3-D Secure adds one step (decision 055): pending → requires_action → succeeded | failed, besides pending → succeeded | failed.
CREATE OR REPLACE FUNCTION payments_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.household_id <> OLD.household_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.idempotency_key <> OLD.idempotency_key
     OR NEW.statement_id IS DISTINCT FROM OLD.statement_id OR NEW.processor <> OLD.processor
     OR NEW.card_brand <> OLD.card_brand OR NEW.card_last4 <> OLD.card_last4
     OR (OLD.processor_reference IS NOT NULL AND NEW.processor_reference IS DISTINCT FROM OLD.processor_reference) THEN
    RAISE EXCEPTION 'payment % cannot change its amount, household, statement, card or key', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('requires_action', 'succeeded', 'failed'))
       OR (OLD.status = 'requires_action' AND NEW.status IN ('succeeded', 'failed'))) THEN
    RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
