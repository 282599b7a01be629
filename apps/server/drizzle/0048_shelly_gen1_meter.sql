-- A first-generation Shelly EM as the household meter (issue 30, decision 107). A device row with
-- meter_clamps set is such a meter, read on that many channels (a split-phase panel has a clamp
-- on each leg). Its channels report as separate messages, so each channel's newest power and
-- totals wait here until the other channel's arrive and the two can be summed.
ALTER TABLE "devices" ADD COLUMN "meter_clamps" smallint;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_meter_clamps" CHECK ("meter_clamps" in (1, 2));--> statement-breakpoint
CREATE TABLE "shelly_gen1_channels" (
	"device_id" uuid NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"channel" smallint NOT NULL,
	"power_w" double precision,
	"power_at" timestamp with time zone,
	"total_wh" double precision,
	"total_at" timestamp with time zone,
	"returned_wh" double precision,
	"returned_at" timestamp with time zone,
	CONSTRAINT "shelly_gen1_channels_pk" PRIMARY KEY ("device_id", "channel"),
	CONSTRAINT "shelly_gen1_channels_channel" CHECK ("channel" in (0, 1)),
	CONSTRAINT "shelly_gen1_channels_power" CHECK (("power_w" is null) = ("power_at" is null)),
	CONSTRAINT "shelly_gen1_channels_total" CHECK (("total_wh" is null) = ("total_at" is null) and ("total_wh" is null or "total_wh" >= 0)),
	CONSTRAINT "shelly_gen1_channels_returned" CHECK (("returned_wh" is null) = ("returned_at" is null) and ("returned_wh" is null or "returned_wh" >= 0))
);
