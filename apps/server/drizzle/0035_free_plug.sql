-- The free smart plug the landing page promises every member (issue 30, decision 090). It is a
-- reward order of one catalogue item marked free_plug: 0 points, no ledger transfer, unlimited,
-- never in the Rewards catalogue. Everything else about it (address, fulfilment queue, shipped
-- and delivered) is the physical reward order's.
ALTER TABLE "reward_items" ADD COLUMN "free_plug" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "reward_items" DROP CONSTRAINT "reward_items_points_cost";
--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_points_cost" CHECK (case when "reward_items"."free_plug" then "reward_items"."points_cost" = 0 and "reward_items"."kind" = 'physical' else "reward_items"."points_cost" > 0 end);
--> statement-breakpoint
ALTER TABLE "reward_items" DROP CONSTRAINT "reward_items_unlimited_only_charity";
--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_unlimited_only_charity" CHECK ("reward_items"."stock" is not null or "reward_items"."kind" = 'charity' or "reward_items"."free_plug");
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_items_free_plug_idx" ON "reward_items" USING btree ("free_plug") WHERE free_plug;
--> statement-breakpoint
INSERT INTO "reward_items" ("kind", "points_cost", "stock", "free_plug", "name_en", "name_fr", "name_es", "description_en", "description_fr", "description_es")
VALUES ('physical', 0, NULL, true, 'Free smart plug', 'Prise intelligente gratuite', 'Enchufe inteligente gratis',
  'The smart plug every member household gets free ($29.99 value).', 'La prise intelligente offerte à chaque foyer membre (valeur de 29,99 $).', 'El enchufe inteligente que recibe gratis cada hogar miembro (valorado en 29,99 $).');
--> statement-breakpoint
ALTER TABLE "reward_orders" ADD COLUMN "free_plug" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "reward_orders" ADD COLUMN "carrier" text;
--> statement-breakpoint
ALTER TABLE "reward_orders" ALTER COLUMN "transfer_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reward_orders" DROP CONSTRAINT "reward_orders_points";
--> statement-breakpoint
-- A free plug costs nothing and so has no debit; every other order has its debit of more than 0.
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_points" CHECK (case when "reward_orders"."free_plug" then "reward_orders"."points" = 0 and "reward_orders"."transfer_id" is null and "reward_orders"."kind" = 'physical' else "reward_orders"."points" > 0 and "reward_orders"."transfer_id" is not null end);
--> statement-breakpoint
-- One free plug per household, whoever in it orders and however many requests race.
CREATE UNIQUE INDEX "reward_orders_free_plug_idx" ON "reward_orders" USING btree ("household_id") WHERE free_plug;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reward_order_has_its_debit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The free plug's CHECK already holds it to 0 points and no transfer.
  IF NEW.free_plug THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM points_transfers t
    JOIN points_entries e ON e.transfer_id = t.id
    JOIN points_accounts a ON a.id = e.account_id AND a.kind = 'member' AND a.household_id = NEW.household_id
    WHERE t.id = NEW.transfer_id AND t.kind = 'redemption' AND e.amount = -NEW.points
  ) THEN
    RAISE EXCEPTION 'reward order % has no debit of % points from its household', NEW.id, NEW.points USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reward_orders_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'reward orders cannot be deleted' USING ERRCODE = '23514';
  END IF;
  IF (NEW.household_id, NEW.user_id, NEW.item_id, NEW.kind, NEW.quantity, NEW.points, NEW.client_key, NEW.transfer_id, NEW.free_plug, NEW.created_at)
     IS DISTINCT FROM (OLD.household_id, OLD.user_id, OLD.item_id, OLD.kind, OLD.quantity, OLD.points, OLD.client_key, OLD.transfer_id, OLD.free_plug, OLD.created_at) THEN
    RAISE EXCEPTION 'a reward order''s item, points and debit cannot change' USING ERRCODE = '23514';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'ordered' AND NEW.status = 'shipped') OR (OLD.status = 'shipped' AND NEW.status = 'delivered')
  ) THEN
    RAISE EXCEPTION 'a reward order cannot go from % to %', OLD.status, NEW.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- "I already have a plug": the household's free-plug step ticks as skipped.
ALTER TABLE "households" ADD COLUMN "free_plug_skipped_at" timestamp with time zone;
