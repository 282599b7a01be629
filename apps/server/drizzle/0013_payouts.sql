CREATE TABLE "cash_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"requested_by" text NOT NULL,
	"client_key" text NOT NULL,
	"points" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"debit_transfer_id" uuid NOT NULL,
	"refund_transfer_id" uuid,
	"failure_reason" text,
	"provider_id" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "cash_outs_debit_transfer_id_unique" UNIQUE("debit_transfer_id"),
	CONSTRAINT "cash_outs_refund_transfer_id_unique" UNIQUE("refund_transfer_id"),
	CONSTRAINT "cash_outs_client_key" UNIQUE("household_id","client_key"),
	CONSTRAINT "cash_outs_minimum" CHECK ("cash_outs"."points" >= 1000),
	CONSTRAINT "cash_outs_email" CHECK ("cash_outs"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
	CONSTRAINT "cash_outs_failed" CHECK (("cash_outs"."status" = 'failed') = ("cash_outs"."failure_reason" is not null and "cash_outs"."refund_transfer_id" is not null and "cash_outs"."failed_at" is not null)),
	CONSTRAINT "cash_outs_sent" CHECK (("cash_outs"."status" <> 'sent' or "cash_outs"."sent_at" is not null) and ("cash_outs"."status" not in ('held', 'pending') or "cash_outs"."sent_at" is null))
);
--> statement-breakpoint
CREATE TABLE "payout_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cash_out_id" uuid NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_outbox_cash_out_id_unique" UNIQUE("cash_out_id"),
	CONSTRAINT "payout_outbox_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "points_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"operator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_adjustments_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "points_adjustments_points" CHECK ("points_adjustments"."points" <> 0),
	CONSTRAINT "points_adjustments_reason" CHECK (length(btrim("points_adjustments"."reason")) between 3 and 500)
);
--> statement-breakpoint
CREATE TABLE "prize_draw_entries" (
	"draw_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"entry" text NOT NULL,
	CONSTRAINT "prize_draw_entries_draw_id_household_id_pk" PRIMARY KEY("draw_id","household_id"),
	CONSTRAINT "prize_draw_entries_entry" UNIQUE("draw_id","entry")
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"prize_points" integer NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'committed' NOT NULL,
	"entries" integer,
	"digest" text,
	"winner_entry" text,
	"winner_household_id" uuid,
	"transfer_id" uuid,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "prize_draws_week_unique" UNIQUE("week"),
	CONSTRAINT "prize_draws_commitment" CHECK (encode(sha256(convert_to("prize_draws"."seed", 'UTF8')), 'hex') = "prize_draws"."commitment"),
	CONSTRAINT "prize_draws_committed_before_week" CHECK ("prize_draws"."committed_at" <= "prize_draws"."starts_at"),
	CONSTRAINT "prize_draws_prize" CHECK ("prize_draws"."prize_points" > 0),
	CONSTRAINT "prize_draws_drawn" CHECK (("prize_draws"."status" = 'drawn') = ("prize_draws"."drawn_at" is not null and "prize_draws"."entries" is not null))
);
--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_debit_transfer_id_points_transfers_id_fk" FOREIGN KEY ("debit_transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_refund_transfer_id_points_transfers_id_fk" FOREIGN KEY ("refund_transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_outbox" ADD CONSTRAINT "payout_outbox_cash_out_id_cash_outs_id_fk" FOREIGN KEY ("cash_out_id") REFERENCES "public"."cash_outs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjustments" ADD CONSTRAINT "points_adjustments_transfer_id_points_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draw_entries" ADD CONSTRAINT "prize_draw_entries_draw_id_prize_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."prize_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_transfer_id_points_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_outs_household_idx" ON "cash_outs" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_outs_status_idx" ON "cash_outs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "points_adjustments_household_idx" ON "points_adjustments" USING btree ("household_id","created_at");--> statement-breakpoint
-- custom: a cash-out only moves forward (decision 041); its amount, member, address and ledger debit never change.
CREATE FUNCTION cash_outs_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.household_id <> OLD.household_id OR NEW.points <> OLD.points OR NEW.email <> OLD.email
     OR NEW.debit_transfer_id <> OLD.debit_transfer_id OR NEW.client_key <> OLD.client_key
     OR (OLD.refund_transfer_id IS NOT NULL AND NEW.refund_transfer_id IS DISTINCT FROM OLD.refund_transfer_id) THEN
    RAISE EXCEPTION 'cash-out % cannot change its amount, address, member or ledger transfers', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'held' AND NEW.status IN ('pending', 'failed'))
    OR (OLD.status = 'pending' AND NEW.status IN ('sent', 'failed'))
    OR (OLD.status = 'sent' AND NEW.status = 'failed')) THEN
    RAISE EXCEPTION 'cash-out % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_outs_forward_only BEFORE UPDATE ON cash_outs FOR EACH ROW EXECUTE FUNCTION cash_outs_forward_only();
--> statement-breakpoint
CREATE FUNCTION cash_outs_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_outs_no_delete BEFORE DELETE ON cash_outs FOR EACH ROW EXECUTE FUNCTION cash_outs_no_delete();
--> statement-breakpoint
-- custom: manual adjustments are the audit trail of the ledger's only hand-made movements: append-only.
CREATE FUNCTION points_adjustments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points adjustments are append-only' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER points_adjustments_append_only BEFORE UPDATE OR DELETE ON points_adjustments FOR EACH ROW EXECUTE FUNCTION points_adjustments_append_only();
--> statement-breakpoint
-- custom: a draw's week, seed and commitment are fixed once committed, and a drawn draw stays as drawn.
CREATE FUNCTION prize_draws_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'prize draws are never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.week <> OLD.week OR NEW.seed <> OLD.seed OR NEW.commitment <> OLD.commitment OR NEW.starts_at <> OLD.starts_at
     OR NEW.ends_at <> OLD.ends_at OR NEW.committed_at <> OLD.committed_at OR OLD.status = 'drawn' THEN
    RAISE EXCEPTION 'prize draw % is fixed once committed, and final once drawn', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prize_draws_fixed BEFORE UPDATE OR DELETE ON prize_draws FOR EACH ROW EXECUTE FUNCTION prize_draws_fixed();
