-- A member with too few days of its own is scored by a matched comparison group (decision 101):
-- the homes of its area and solar status that were not called, frozen with what the member's own
-- days tell. `group_ids` are the peers; `group_kwh` their mean use per event slot over the member's
-- days, peer by peer in the order of `group_ids`, each in slot order. On the day, the group's use
-- over the event against those means is the member's change.
ALTER TABLE "event_baselines" ADD COLUMN "group_ids" uuid[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD COLUMN "group_kwh" double precision[];--> statement-breakpoint
ALTER TABLE "event_baselines" ADD CONSTRAINT "event_baselines_group" CHECK (("group_ids" is null) = ("group_kwh" is null) and ("group_ids" is null or ("status" = 'ok' and cardinality("group_ids") >= 5 and cardinality("group_kwh") = cardinality("group_ids") * cardinality("event_kwh"))));
