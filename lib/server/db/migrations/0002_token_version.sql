-- Per-user token version (issue 9 row 11): access tokens carry it and stop working when it is raised. A constant
-- default makes this a catalogue-only change in PostgreSQL 11+ (no table rewrite, no long lock).
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
