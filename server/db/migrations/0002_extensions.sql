-- Trigram indexes serve "name contains" searches of large lists (ILIKE '%…%'). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
