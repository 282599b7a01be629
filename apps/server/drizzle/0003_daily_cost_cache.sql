CREATE TABLE "meter_daily_costs" (
	"household_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"plan_id" text NOT NULL,
	"interval_count" integer NOT NULL,
	"grid_import_kwh" double precision NOT NULL,
	"cost_cents" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_daily_costs_household_id_local_date_pk" PRIMARY KEY("household_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "meter_daily_costs" ADD CONSTRAINT "meter_daily_costs_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;