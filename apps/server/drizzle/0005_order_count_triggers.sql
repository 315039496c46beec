-- Keeps orders.missing_hs_code and order_counts exact on every write, whoever makes it (the API, a batch
-- import, a script), in the writer's own transaction. Statement-level triggers with transition tables: one
-- grouped upsert per statement, however many rows it touched.

-- The flag and the counts for orders that exist already, before the triggers start keeping them.
UPDATE orders o SET missing_hs_code = true
WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_sid = o.sid AND i.hs_code IS NULL);
--> statement-breakpoint
INSERT INTO order_counts (account_sid, day, status, missing_hs_code, count)
SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, count(*)::int
FROM orders
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint

-- An order is missing an HS code while any of its items has none. Items are added, changed and removed with
-- their order's sid unchanged, so the changed rows' order sids say which orders to look at again.
CREATE FUNCTION order_items_sync_missing_hs_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o
  SET missing_hs_code = m.missing
  FROM (
    SELECT c.order_sid,
      EXISTS (SELECT 1 FROM order_items i WHERE i.order_sid = c.order_sid AND i.hs_code IS NULL) AS missing
    FROM (SELECT DISTINCT order_sid FROM changed_items) c
  ) m
  WHERE o.sid = m.order_sid AND o.missing_hs_code IS DISTINCT FROM m.missing;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_missing_hs_code_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION order_items_sync_missing_hs_code();
--> statement-breakpoint
CREATE TRIGGER order_items_missing_hs_code_update AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION order_items_sync_missing_hs_code();
--> statement-breakpoint
CREATE TRIGGER order_items_missing_hs_code_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION order_items_sync_missing_hs_code();
--> statement-breakpoint

-- order_counts moves with every order written: +1 in its new (account, day, status, flag) group, -1 in its old
-- one. Groups are upserted in key order, so two statements touching the same groups lock them alike.
CREATE FUNCTION orders_sync_order_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, count(*)::int
    FROM new_orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, -count(*)::int
    FROM old_orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO order_counts AS c (account_sid, day, status, missing_hs_code, count)
    SELECT account_sid, day, status, missing_hs_code, sum(n)::int
    FROM (
      SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date AS day, status, missing_hs_code, 1 AS n
      FROM new_orders
      UNION ALL
      SELECT account_sid, (date_created AT TIME ZONE 'UTC')::date, status, missing_hs_code, -1
      FROM old_orders
    ) moved
    GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_sid, day, status, missing_hs_code) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_order_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_sync_order_counts();
--> statement-breakpoint
CREATE TRIGGER orders_order_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_sync_order_counts();
--> statement-breakpoint
CREATE TRIGGER orders_order_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_sync_order_counts();
