-- A first-generation Shelly EM names itself in its topics by `{external id}-{first 8 of the
-- household id}` (decision 107). Every message from one is looked up by that id, so the id gets a
-- partial expression index over the live Gen1 meters: the lookup no longer reads every device row.
CREATE INDEX "devices_gen1_id_live_idx" ON "devices" USING btree (("external_id" || '-' || left("household_id"::text, 8))) WHERE "removed_at" IS NULL AND "meter_clamps" IS NOT NULL;
