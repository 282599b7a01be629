CREATE TABLE "autopay_settings" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"processor" text NOT NULL,
	"processor_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_token" UNIQUE("processor","processor_token"),
	CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_expiry" CHECK ("payment_methods"."exp_month" between 1 and 12 and "payment_methods"."exp_year" between 2000 and 2099),
	CONSTRAINT "payment_methods_default" CHECK ("payment_methods"."is_default" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"statement_id" uuid,
	"payment_method_id" uuid,
	"amount_cents" integer NOT NULL,
	"processor" text NOT NULL,
	"processor_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payments_household_key" UNIQUE("household_id","idempotency_key"),
	CONSTRAINT "payments_processor_reference" UNIQUE("processor","processor_reference"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_last4" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payments_succeeded" CHECK (("payments"."status" = 'succeeded') = ("payments"."succeeded_at" is not null)),
	CONSTRAINT "payments_failed" CHECK (("payments"."status" = 'failed') = ("payments"."failed_at" is not null and "payments"."failure_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_tokens_last4" CHECK ("sandbox_card_tokens"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"webhook_delivered_at" timestamp with time zone,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_charges_amount" CHECK ("sandbox_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "autopay_settings" ADD CONSTRAINT "autopay_settings_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_household_idx" ON "payments" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_statement_idx" ON "payments" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_due_idx" ON "sandbox_charges" USING btree ("next_attempt_at");--> statement-breakpoint
-- custom: at most one default card per household (decision 048).
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" ("household_id") WHERE "is_default" = 1;
--> statement-breakpoint
-- custom: a payment only moves forward, pending → succeeded | failed; what was paid, by whom, for what and under which key never changes.
CREATE FUNCTION payments_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.household_id <> OLD.household_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.idempotency_key <> OLD.idempotency_key
     OR NEW.statement_id IS DISTINCT FROM OLD.statement_id OR NEW.processor <> OLD.processor
     OR NEW.card_brand <> OLD.card_brand OR NEW.card_last4 <> OLD.card_last4
     OR (OLD.processor_reference IS NOT NULL AND NEW.processor_reference IS DISTINCT FROM OLD.processor_reference) THEN
    RAISE EXCEPTION 'payment % cannot change its amount, household, statement, card or key', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (OLD.status = 'pending' AND NEW.status IN ('succeeded', 'failed')) THEN
    RAISE EXCEPTION 'payment % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_forward_only BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION payments_forward_only();
