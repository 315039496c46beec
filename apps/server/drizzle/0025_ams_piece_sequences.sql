-- Each manifest's piece numbers come from its own sequence, "ams_piece_<sid>" (ams.repository.ts), created with
-- the manifest and dropped with it, so loads into one manifest no longer queue on the piece_seq counter of its
-- row. Manifests already made get theirs here, carrying on after the last piece they gave. piece_seq stays as
-- the number reached before this migration; it is no longer advanced.
DO $$
DECLARE
  manifest record;
BEGIN
  FOR manifest IN SELECT "sid", "piece_seq" FROM "ams" LOOP
    EXECUTE format(
      'CREATE SEQUENCE IF NOT EXISTS %I AS integer MINVALUE 1 START WITH %s',
      'ams_piece_' || manifest."sid",
      manifest."piece_seq" + 1
    );
  END LOOP;
END
$$;
