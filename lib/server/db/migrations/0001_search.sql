-- Accent- and case-insensitive, typo-tolerant search (spec §5 'Search', issue 4): unaccent + trigram indexes.
-- Both extensions are trusted in PostgreSQL 13+ and bundled with PGlite (loaded in lib/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes an IMMUTABLE wrapper that
-- expression indexes may use. Names are schema-qualified: index builds run with a restricted search_path (PG 17).
CREATE OR REPLACE FUNCTION kilig_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  SET search_path = public, pg_catalog
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS movie_series_name_fold_trgm_idx ON movie_series USING gin (kilig_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS movie_series_description_fold_trgm_idx ON movie_series USING gin (kilig_fold(description) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tags_name_fold_trgm_idx ON tags USING gin (kilig_fold(name) gin_trgm_ops);
