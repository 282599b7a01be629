CREATE TABLE "geocoder_cache" (
	"postal_code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
