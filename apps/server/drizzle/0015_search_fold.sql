-- Search that forgives missing accents and letter case (issue 21). search_fold is the twin of searchFold in
-- packages/shared/src/common/search-fold.ts: accents off (NFD, then the combining marks U+0300-U+036F
-- dropped), stroked letters to their plain one (đ -> d ...), lower case. Written in SQL, not with the unaccent
-- extension, so it is IMMUTABLE (indexes may use it), inlined by the planner, the same on PostgreSQL and PGlite
-- and equal to the TypeScript letter for letter. Plain ASCII (most names) skips the Unicode work and costs what
-- lower() costs; translate, slow per letter, runs only on text with a stroked letter.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN octet_length($1) = length($1) THEN lower($1)
    WHEN $1 ~ '[đĐðÐɖƉøØłŁħĦıŧŦ]'
      THEN lower(translate(regexp_replace(normalize($1, NFD), '[\u0300-\u036f]+', '', 'g'),
                           'đĐðÐɖƉøØłŁħĦıŧŦ', 'ddddddoollhhitt'))
    ELSE lower(regexp_replace(normalize($1, NFD), '[\u0300-\u036f]+', '', 'g'))
  END
$$;
--> statement-breakpoint
-- The digits of a phone number, so "0903 123 456" finds "+84 903-123-456".
CREATE OR REPLACE FUNCTION search_digits(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT regexp_replace($1, '[^0-9]+', '', 'g') $$;
