-- Hand-written (drizzle-kit cannot express extensions): trigram indexes for the back-office
-- search (/admin/blog?q=, see the next migration). pg_trgm ships with PostgreSQL (contrib, a
-- trusted extension since 13) and with PGlite (loaded in app/server/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
