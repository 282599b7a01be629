-- A whole-home meter that reports cumulative import and export counters (a Shelly Pro 3EM, issue
-- 30): the last totals per meter device, the baseline the next report's household interval is
-- subtracted from, as device_counters is for a plug.
CREATE TABLE "meter_counters" (
	"device_id" uuid PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"ts" timestamp with time zone NOT NULL,
	"import_kwh" double precision NOT NULL,
	"export_kwh" double precision NOT NULL
);
