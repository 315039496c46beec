-- Issue 21 (every text in the chosen language): the texts the server stored before they had catalogue keys
-- get their key and params, so old tracking events, failed batches and AMS filings read in both languages too.
-- Only the texts the server itself wrote are matched (packages/shared/src/texts/catalog/*.ts); anything else
-- keeps a null key and is shown as it was written. The helper functions live only for this migration.

CREATE FUNCTION parcelops_event_text(d text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d = 'Order created' THEN jsonb_build_object('key', 'orders.event.created')
    WHEN d ~ '^Received at [A-Z]+ hub$' THEN jsonb_build_object(
      'key', 'hub.event.received',
      'params', jsonb_build_object('hub', substring(d from '^Received at ([A-Z]+) hub$')))
    WHEN d ~ '^Loaded into manifest .+$' THEN jsonb_build_object(
      'key', 'ams.event.loaded',
      'params', jsonb_build_object('mawb', substring(d from '^Loaded into manifest (.+)$')))
    WHEN d ~ '^Removed from manifest .+$' THEN jsonb_build_object(
      'key', 'ams.event.removed',
      'params', jsonb_build_object('mawb', substring(d from '^Removed from manifest (.+)$')))
    WHEN d ~ '^Departed [A-Z]+$' THEN jsonb_build_object(
      'key', 'ams.event.departed',
      'params', jsonb_build_object('hub', substring(d from '^Departed ([A-Z]+)$')))
    WHEN d = 'Generated' THEN jsonb_build_object('key', 'orders.status.0')
    WHEN d = 'Scanned' THEN jsonb_build_object('key', 'orders.status.1')
    WHEN d = 'Processing' THEN jsonb_build_object('key', 'orders.status.2')
    WHEN d = 'Processed' THEN jsonb_build_object('key', 'orders.status.3')
    WHEN d = 'Delivered' THEN jsonb_build_object('key', 'orders.status.4')
    WHEN d = 'Failed' THEN jsonb_build_object('key', 'orders.status.5')
    WHEN d = 'Order Failed' THEN jsonb_build_object('key', 'orders.status.10')
  END
$$;
--> statement-breakpoint
-- "<event> (admin correction: <reason>)": the event inside keeps its own key (or its words as they are).
CREATE FUNCTION parcelops_event_text_corrected(d text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m IS NULL THEN parcelops_event_text(d)
    ELSE jsonb_build_object(
      'key', 'orders.event.adminCorrection',
      'params', jsonb_build_object(
        'event', coalesce(
          parcelops_event_text(m[1]),
          jsonb_build_object('key', 'common.plain', 'params', jsonb_build_object('text', m[1]))),
        'reason', m[2]))
  END
  FROM (SELECT regexp_match(d, '^(.*) \(admin correction: (.*)\)$') AS m) AS matched
$$;
--> statement-breakpoint
UPDATE "tracking_events"
SET "description_key" = texts.t ->> 'key', "description_params" = texts.t -> 'params'
FROM (SELECT "sid", parcelops_event_text_corrected("description") AS t FROM "tracking_events") AS texts
WHERE texts."sid" = "tracking_events"."sid" AND texts.t IS NOT NULL;
--> statement-breakpoint
UPDATE "tracking_events"
SET "location_key" = CASE "location" WHEN 'Sai Gon' THEN 'hub.city.SGN' WHEN 'Ha Noi' THEN 'hub.city.HAN' END
WHERE "location" IN ('Sai Gon', 'Ha Noi');
--> statement-breakpoint
DROP FUNCTION parcelops_event_text_corrected(text);
--> statement-breakpoint
DROP FUNCTION parcelops_event_text(text);
--> statement-breakpoint
UPDATE "batch_orders" SET "reason_key" = 'batch.gaveUp'
WHERE "reason" = 'The server could not place this batch after several attempts; nothing was placed and nothing was charged. Please upload it again.';
--> statement-breakpoint
UPDATE "batch_orders" SET "reason_key" = 'batch.fileMissing'
WHERE "reason" = 'The batch file is missing: please upload it again.';
--> statement-breakpoint
UPDATE "batch_orders"
SET "reason_key" = 'batch.accountInactive',
  "reason_params" = jsonb_build_object('name', substring("reason" from '^The account (.*) is inactive: nothing was placed\.$'))
WHERE "reason" ~ '^The account .* is inactive: nothing was placed\.$';
--> statement-breakpoint
UPDATE "batch_orders"
SET "reason_key" = 'batch.creditShort',
  "reason_params" = jsonb_build_object(
    'balance', substring("reason" from '^The credit balance \((.*?)\) cannot cover this batch'),
    'cost', substring("reason" from 'cannot cover this batch \((.*?)\)\. Nothing'))
WHERE "reason" ~ '^The credit balance \(.*\) cannot cover this batch \(.*\)\. Nothing was placed';
--> statement-breakpoint
UPDATE "batch_orders"
SET "reason_key" = 'batch.rowsHaveProblems',
  "reason_params" = jsonb_build_object('count', replace(substring("reason" from '^([0-9,]+) rows? ha'), ',', '')::int)
WHERE "reason" ~ '^[0-9,]+ (row has|rows have) problems; nothing was placed\.';
--> statement-breakpoint
UPDATE "ams" SET "submit_reason_key" = 'ams.filingGaveUp'
WHERE "submit_reason" = 'The server could not file this AMS after several attempts; submit it again.';
--> statement-breakpoint
UPDATE "ams"
SET "submit_reason_key" = 'ams.notFiledProblems',
  "submit_reason_params" = jsonb_build_object('count', substring("submit_reason" from '^Not filed: ([0-9]+) problem')::int)
WHERE "submit_reason" ~ '^Not filed: [0-9]+ problems? appeared since it was submitted';
--> statement-breakpoint
UPDATE "ams"
SET "submit_reason_key" = 'ams.adapterFailed',
  "submit_reason_params" = jsonb_build_object('error', substring("submit_reason" from '^The filing adapter failed: (.*)$'))
WHERE "submit_reason" ~ '^The filing adapter failed: ';
