CREATE TABLE "reward_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"code" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_codes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "reward_item_images" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"points_cost" integer NOT NULL,
	"stock" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_fr" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_items_points_cost" CHECK ("reward_items"."points_cost" > 0),
	CONSTRAINT "reward_items_stock_not_negative" CHECK ("reward_items"."stock" is null or "reward_items"."stock" >= 0),
	CONSTRAINT "reward_items_unlimited_only_charity" CHECK ("reward_items"."stock" is not null or "reward_items"."kind" = 'charity')
);
--> statement-breakpoint
CREATE TABLE "reward_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"points" integer NOT NULL,
	"client_key" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"ship_name" text,
	"ship_line1" text,
	"ship_line2" text,
	"ship_city" text,
	"ship_province" text,
	"ship_postal_code" text,
	"tracking" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "reward_orders_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "reward_orders_points" CHECK ("reward_orders"."points" > 0),
	CONSTRAINT "reward_orders_quantity" CHECK ("reward_orders"."quantity" > 0),
	CONSTRAINT "reward_orders_address" CHECK (("reward_orders"."kind" = 'physical') = ("reward_orders"."ship_postal_code" is not null)),
	CONSTRAINT "reward_orders_status" CHECK (case when "reward_orders"."kind" = 'physical' then "reward_orders"."status" in ('ordered', 'shipped', 'delivered') else "reward_orders"."status" = 'fulfilled' end),
	CONSTRAINT "reward_orders_tracking" CHECK ("reward_orders"."status" not in ('shipped', 'delivered') or "reward_orders"."tracking" is not null)
);
--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_item_id_reward_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reward_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_order_id_reward_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."reward_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_item_images" ADD CONSTRAINT "reward_item_images_item_id_reward_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reward_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_item_id_reward_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."reward_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_transfer_id_points_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."points_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_item_code_idx" ON "reward_codes" USING btree ("item_id","code");--> statement-breakpoint
CREATE INDEX "reward_codes_free_idx" ON "reward_codes" USING btree ("item_id","created_at") WHERE order_id is null;--> statement-breakpoint
CREATE INDEX "reward_items_status_idx" ON "reward_items" USING btree ("status","points_cost");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_orders_client_key_idx" ON "reward_orders" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "reward_orders_household_idx" ON "reward_orders" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_orders_queue_idx" ON "reward_orders" USING btree ("status","created_at") WHERE kind = 'physical';--> statement-breakpoint
-- custom: the marketplace's rules in the database (decision 039). An order commits only with its
-- debit: the transfer it names must be a redemption that takes exactly `points` from the
-- ordering household's member account. Checked at commit, because the order and its transfer are
-- written one after the other in the same transaction.
CREATE FUNCTION reward_order_has_its_debit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE CONSTRAINT TRIGGER reward_orders_debit AFTER INSERT ON reward_orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION reward_order_has_its_debit();
--> statement-breakpoint
-- What was ordered and paid never changes; the status only moves forward (ordered → shipped →
-- delivered) and a tracking number, once given, stays. Orders are never deleted.
CREATE FUNCTION reward_orders_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'reward orders cannot be deleted' USING ERRCODE = '23514';
  END IF;
  IF (NEW.household_id, NEW.user_id, NEW.item_id, NEW.kind, NEW.quantity, NEW.points, NEW.client_key, NEW.transfer_id, NEW.created_at)
     IS DISTINCT FROM (OLD.household_id, OLD.user_id, OLD.item_id, OLD.kind, OLD.quantity, OLD.points, OLD.client_key, OLD.transfer_id, OLD.created_at) THEN
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
CREATE TRIGGER reward_orders_guard BEFORE UPDATE OR DELETE ON reward_orders FOR EACH ROW EXECUTE FUNCTION reward_orders_guard();
--> statement-breakpoint
-- A code given to an order stays with it: it cannot be reassigned, edited or deleted.
CREATE FUNCTION reward_codes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.order_id IS NOT NULL THEN
      RAISE EXCEPTION 'a code given to an order cannot be deleted' USING ERRCODE = '23514';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.code IS DISTINCT FROM OLD.code OR NEW.item_id IS DISTINCT FROM OLD.item_id OR (OLD.order_id IS NOT NULL AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    RAISE EXCEPTION 'a code cannot be edited or moved once given' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reward_codes_guard BEFORE UPDATE OR DELETE ON reward_codes FOR EACH ROW EXECUTE FUNCTION reward_codes_guard();
