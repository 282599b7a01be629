-- One MQTT login connected from one place at a time (decision 095): the embedded broker refuses
-- a second connection with a credential already connected under another client id, and the
-- latest such refusal is kept on the credential, so the member can be told which device's login
-- is in use twice and when.
ALTER TABLE "ingest_credentials" ADD COLUMN "second_login_refused_at" timestamp with time zone;
