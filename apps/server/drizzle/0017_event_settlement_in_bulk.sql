ALTER TABLE "points_transfers" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "points_transfers" ADD CONSTRAINT "points_transfers_event_id_energy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_transfers_event_idx" ON "points_transfers" USING btree ("event_id") WHERE event_id is not null;--> statement-breakpoint
-- custom: decision 038. Event payments made before this column carry their event in detail only.
UPDATE points_transfers t SET event_id = (t.detail ->> 'eventId')::uuid
WHERE t.kind IN ('event_reward', 'event_adjustment') AND t.detail ->> 'eventId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  AND EXISTS (SELECT 1 FROM energy_events e WHERE e.id = (t.detail ->> 'eventId')::uuid);
--> statement-breakpoint
-- Balances follow entries once per statement rather than once per entry: settling an event for
-- 100,000 households inserts 200,000 entries, half of them on the one issuance account, and
-- updating one row 100,000 times in a transaction walks an ever longer chain of its versions.
-- The rules of decision 033 are unchanged: the balance is the sum of the account's entries, set
-- in the same statement, and the CHECK on points_accounts still refuses a negative member.
-- Accounts are locked in id order so two statements touching the same accounts never deadlock,
-- and FOR NO KEY UPDATE (what the per-row UPDATE took) rather than FOR UPDATE: each entry's
-- foreign key check already holds KEY SHARE on its account, which FOR UPDATE would wait on, so
-- two transfers on one account would each wait for the other.
DROP TRIGGER points_entries_apply ON points_entries;
--> statement-breakpoint
DROP FUNCTION points_entry_applied();
--> statement-breakpoint
CREATE FUNCTION points_entries_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM points_accounts WHERE id IN (SELECT account_id FROM new_entries) ORDER BY id FOR NO KEY UPDATE;
  UPDATE points_accounts a SET balance = a.balance + s.total
  FROM (SELECT account_id, sum(amount) AS total FROM new_entries GROUP BY account_id) s
  WHERE a.id = s.account_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_entries_apply AFTER INSERT ON points_entries REFERENCING NEW TABLE AS new_entries
FOR EACH STATEMENT EXECUTE FUNCTION points_entries_applied();
--> statement-breakpoint
-- Decision 038: the readings' key carries the consumption, so a baseline's reads (a household's
-- few hours on a few days, whose rows lie on as many pages as readings since every household
-- writes every 5 minutes) are index-only scans of consecutive index entries. Same key and
-- uniqueness, so ON CONFLICT (household_id, ts) is unchanged; each entry is 8 bytes larger.
ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_household_id_ts_pk";
--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_household_id_ts_pk" PRIMARY KEY ("household_id", "ts") INCLUDE ("consumption_kwh");
