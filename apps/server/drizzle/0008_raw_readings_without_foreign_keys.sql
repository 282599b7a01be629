-- Decision 026: the raw reading tables keep no foreign keys; storeReadings checks (and share-locks) the household and resolves devices per batch.
ALTER TABLE "device_readings" DROP CONSTRAINT "device_readings_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "meter_readings" DROP CONSTRAINT "meter_readings_household_id_households_id_fk";
