-- Read-your-writes across server processes (decision 129): the primary's WAL position after each
-- owner's (household's, member's) last accepted write, so any process can tell whether the replica
-- has replayed it. Written and read only when a replica is configured (DATABASE_READ_URL); rows
-- the replica has replayed are deleted by the processes' samplers.
CREATE TABLE "write_positions" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"lsn" pg_lsn NOT NULL,
	"noted_at" timestamp with time zone DEFAULT now() NOT NULL
);
