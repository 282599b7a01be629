-- Decision 149. Settlement reads what each household of a batch was already paid for the event.
-- Through the event's index alone that read probed every transfer of the event so far, so a
-- settlement's reads grew with the square of its households; through the accounts, each
-- account's whole history. An event payment now names its household beside its event.
ALTER TABLE "points_transfers" ADD COLUMN "household_id" uuid;--> statement-breakpoint
-- custom: the household of an event payment made before this column is the member its entries credit.
UPDATE points_transfers t SET household_id = a.household_id
FROM points_entries en JOIN points_accounts a ON a.id = en.account_id AND a.kind = 'member'
WHERE en.transfer_id = t.id AND t.event_id IS NOT NULL;
--> statement-breakpoint
DROP INDEX "points_transfers_event_idx";--> statement-breakpoint
CREATE INDEX "points_transfers_event_household_idx" ON "points_transfers" USING btree ("event_id","household_id") WHERE event_id is not null;--> statement-breakpoint
ALTER TABLE "points_transfers" ADD CONSTRAINT "points_transfers_event_household" CHECK (("event_id" is null) = ("household_id" is null));
