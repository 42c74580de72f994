-- Trigram search (contacts, users, messages) needs this trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
