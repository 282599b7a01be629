-- The first sign-in's session, so the Dashboard greets a new member with "Welcome" and everyone
-- after it with "Welcome back" (issue 30). Members who signed in before this have no first
-- session to match: their first sign-in time is taken as their account's creation.
ALTER TABLE "profiles" ADD COLUMN "first_session_id" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "first_signed_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "first_steps_dismissed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "profiles" p SET "first_signed_in_at" = u."created_at" FROM "users" u WHERE u."id" = p."id";
