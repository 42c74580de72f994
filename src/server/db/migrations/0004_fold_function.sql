-- Lower-case and strip the accents of Portuguese, Spanish and Turkish text, so that searches
-- are accent- and case-insensitive. Built from immutable functions only, so it can be indexed
-- (the unaccent extension is not immutable and not available everywhere).
CREATE OR REPLACE FUNCTION atende_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(value), 'áàâãäåéèêëíìîïıóòôõöúùûüçñğş', 'aaaaaaeeeeiiiiiooooouuuucngs') $$;
