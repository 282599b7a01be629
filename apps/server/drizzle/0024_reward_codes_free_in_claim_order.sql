DROP INDEX "reward_codes_free_idx";--> statement-breakpoint
CREATE INDEX "reward_codes_free_idx" ON "reward_codes" USING btree ("item_id","created_at","id") WHERE order_id is null;