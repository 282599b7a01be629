CREATE TABLE "event_plug_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"action" text NOT NULL,
	"previous_on" boolean,
	"detail" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_plug_actions_once" UNIQUE("event_id","device_id","action"),
	CONSTRAINT "event_plug_actions_action" CHECK ("event_plug_actions"."action" in ('switched_off', 'skipped_already_off', 'overridden', 'restored', 'switch_off_failed', 'restore_failed'))
);
--> statement-breakpoint
CREATE TABLE "event_plug_choices" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_event_settings" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"opt_in_every_event" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "plug_switch_events" ADD COLUMN "source" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_plug_actions" ADD CONSTRAINT "event_plug_actions_event_id_energy_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."energy_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plug_actions" ADD CONSTRAINT "event_plug_actions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plug_actions" ADD CONSTRAINT "event_plug_actions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plug_choices" ADD CONSTRAINT "event_plug_choices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plug_choices" ADD CONSTRAINT "event_plug_choices_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_event_settings" ADD CONSTRAINT "household_event_settings_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_event_settings" ADD CONSTRAINT "household_event_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_plug_actions_household_idx" ON "event_plug_actions" USING btree ("household_id","event_id");--> statement-breakpoint
CREATE INDEX "event_plug_choices_household_idx" ON "event_plug_choices" USING btree ("household_id");--> statement-breakpoint
-- custom: decision 037. Only the household's own live smart plugs that may be switched off can
-- be chosen to power down during events, whatever code writes the choice.
CREATE FUNCTION event_plug_choice_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM devices d
    WHERE d.id = NEW.device_id AND d.household_id = NEW.household_id AND d.kind = 'smart_plug' AND NOT d.never_switch AND d.removed_at IS NULL
  ) THEN
    RAISE EXCEPTION 'only the household''s own switchable smart plugs can power down during events' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_plug_choices_allowed BEFORE INSERT OR UPDATE ON event_plug_choices FOR EACH ROW EXECUTE FUNCTION event_plug_choice_allowed();
--> statement-breakpoint
-- A plug marked never-switch (or removed) afterwards stops being chosen at once.
CREATE FUNCTION event_plug_choice_withdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_plug_choices WHERE device_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_event_plug_choice_withdrawn AFTER UPDATE OF never_switch, removed_at ON devices FOR EACH ROW
  WHEN (NEW.never_switch OR NEW.removed_at IS NOT NULL) EXECUTE FUNCTION event_plug_choice_withdrawn();
--> statement-breakpoint
ALTER TABLE "plug_switch_events" ADD CONSTRAINT "plug_switch_events_source" CHECK ("source" in ('member', 'event_automation'));
