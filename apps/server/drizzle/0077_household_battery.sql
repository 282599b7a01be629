-- The member says whether the home has a battery (decision 138): settlement cannot tell a battery's
-- flows from the home's own use in the meter's registers, and a battery held for an event raises the
-- afternoon the same-day adjustment reads, so battery homes are scored on their days alone.
ALTER TABLE "households" ADD COLUMN "has_battery" boolean DEFAULT false NOT NULL;
