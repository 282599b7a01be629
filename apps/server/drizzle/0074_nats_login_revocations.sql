-- Device logins on NATS in operator mode (decision 132): the NATS user key of every ingest credential
-- that ended while Peakwise minted its logins. Each push of the account's JWT carries all of them, so
-- the list outlives the credentials (an account's deletion removes its credentials' rows).
CREATE TABLE "nats_login_revocations" (
	"user_key" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
