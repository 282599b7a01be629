CREATE TABLE "bill_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "bill_reminders_once" UNIQUE("statement_id","channel"),
	CONSTRAINT "bill_reminders_channel" CHECK ("bill_reminders"."channel" in ('email', 'sms', 'push')),
	CONSTRAINT "bill_reminders_status" CHECK ("bill_reminders"."status" in ('pending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "bill_reminders_sent_at" CHECK (("bill_reminders"."status" = 'sent') = ("bill_reminders"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "billing_preferences" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder_lead_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_preferences_lead_days" CHECK ("billing_preferences"."reminder_lead_days" between 1 and 14)
);
--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD CONSTRAINT "bill_reminders_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD CONSTRAINT "bill_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_preferences" ADD CONSTRAINT "billing_preferences_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_reminders_user_idx" ON "bill_reminders" USING btree ("user_id");--> statement-breakpoint
-- custom: the hourly reminder sweep looks only at statements due within the next weeks (decision 049).
CREATE INDEX "statements_due_date_idx" ON "statements" USING btree ("due_date");
