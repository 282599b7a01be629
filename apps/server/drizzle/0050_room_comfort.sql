-- Comfort, measured (issue 32, decision 109): each temperature device's newest reading, each
-- room's floor and ceiling, which plugs heat or cool a room, and what comfort did during events.
CREATE TABLE "device_temperatures" (
	"device_id" uuid PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"temperature_c" double precision NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_temperatures_plausible" CHECK ("temperature_c" BETWEEN -60 AND 80)
);--> statement-breakpoint
CREATE INDEX "device_temperatures_household_idx" ON "device_temperatures" ("household_id");--> statement-breakpoint
CREATE TABLE "room_comfort_limits" (
	"room_id" uuid PRIMARY KEY NOT NULL REFERENCES "rooms"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"floor_c" numeric(3, 1) NOT NULL,
	"ceiling_c" numeric(3, 1) NOT NULL,
	"preheat" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_comfort_limits_range" CHECK ("floor_c" BETWEEN 10 AND 30 AND "ceiling_c" BETWEEN 10 AND 30),
	CONSTRAINT "room_comfort_limits_order" CHECK ("floor_c" < "ceiling_c"),
	CONSTRAINT "room_comfort_limits_half_degrees" CHECK ("floor_c" * 2 = trunc("floor_c" * 2) AND "ceiling_c" * 2 = trunc("ceiling_c" * 2))
);--> statement-breakpoint
CREATE TABLE "comfort_loads" (
	"device_id" uuid PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"load" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comfort_loads_load" CHECK ("load" IN ('heating', 'cooling'))
);--> statement-breakpoint
CREATE INDEX "comfort_loads_household_idx" ON "comfort_loads" ("household_id");--> statement-breakpoint
CREATE TABLE "event_comfort_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "energy_events"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"device_id" uuid NOT NULL REFERENCES "devices"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"temperature_c" double precision,
	"limit_c" numeric(3, 1),
	"at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "event_comfort_actions_once" UNIQUE ("event_id", "device_id", "at"),
	CONSTRAINT "event_comfort_actions_action" CHECK ("action" IN ('switched_off', 'restored', 'not_automated')),
	CONSTRAINT "event_comfort_actions_reason" CHECK ("reason" IN ('no_sensor', 'sensor_silent', 'crossed_limit', 'within_limit', 'recovered'))
);--> statement-breakpoint
CREATE INDEX "event_comfort_actions_household_idx" ON "event_comfort_actions" ("household_id", "event_id");
