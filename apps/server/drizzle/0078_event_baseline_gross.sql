-- A solar home without a battery whose meter measures its panels' production is frozen under decision
-- 126's gross-load baseline over decision 133's early window (decision 138): `window_gross_kwh` and
-- `event_gross_kwh` are its baseline days' mean gross load (import − export + production) per slot of
-- the window and of the event, in slot order. `event_kwh` and `window_kwh` stay grid draw, so the row
-- is shown as any other and can still be paid by the early-window rule when the day lacks production.
ALTER TABLE "event_baselines" ADD COLUMN "window_gross_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD COLUMN "event_gross_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_gross" CHECK (("method" = 'mean-of-days-gross-load' and "status" = 'ok') = ("event_gross_kwh" is not null and "window_gross_kwh" is not null) and ("event_gross_kwh" is null or (cardinality("event_gross_kwh") = cardinality("event_kwh") and cardinality("window_gross_kwh") = cardinality("window_kwh"))));
