ALTER TABLE "credit_ledger" ADD COLUMN "batch_sid" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "placing_attempt" text;--> statement-breakpoint
ALTER TABLE "batch_orders" ADD COLUMN "placed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A batch order places its orders a chunk per transaction (batch-placement.ts) while it stays in progress; its
-- orders are staged until the batch succeeds, and no count may see them before then. The counts skip staged
-- rows on every write; the commit that ends the batch adds them all at once (staged-orders.ts), and staged
-- rows removed after a refusal or a crash are never counted.
CREATE FUNCTION order_is_staged(text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT $1 IS NOT NULL AND EXISTS (SELECT 1 FROM batch_orders b WHERE b.sid = $1 AND b.status = 'in-progress')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_sync_order_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, count(*)::int
    FROM new_orders WHERE NOT order_is_staged(batch_sid) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, -count(*)::int
    FROM old_orders WHERE NOT order_is_staged(batch_sid) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, day, status, missing_hs_code, sum(n)::int
    FROM (
      SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date AS day, status, missing_hs_code, 1 AS n
      FROM new_orders WHERE NOT order_is_staged(batch_sid)
      UNION ALL
      SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, -1
      FROM old_orders WHERE NOT order_is_staged(batch_sid)
    ) moved
    GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
