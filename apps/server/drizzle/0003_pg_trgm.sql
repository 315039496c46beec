-- Trigram indexes let the orders text filter find part of a customer's name without reading every order in
-- the date range. PostgreSQL ships pg_trgm in its contrib package; the embedded PGlite loads it (newPGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
