-- A comfort "off" overtaken by its restore before it was sent is logged as such, not as a failed switch (decision 120).
ALTER TABLE "event_plug_actions" DROP CONSTRAINT "event_plug_actions_action";--> statement-breakpoint
ALTER TABLE "event_plug_actions" ADD CONSTRAINT "event_plug_actions_action" CHECK ("action" in ('switched_off', 'skipped_already_off', 'overridden', 'restored', 'switch_off_failed', 'restore_failed', 'off_superseded'));
