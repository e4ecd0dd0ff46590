-- Written by hand (decision 011, per-language names): the area path function and the backfills of
-- 0015's columns for databases that already hold data (a fresh database is seeded with them).

-- "China / Guangdong / Guangzhou": an area's chain from its country (level 2) down, each name in
-- `language` ('zh' | 'en' | 'es'), else the written (zh) name. Used by the address list and the order
-- destination; null for an unknown area. The depth cap guards against a cycle in hand-edited data.
CREATE OR REPLACE FUNCTION area_path(area_id integer, language text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH RECURSIVE chain AS (
    SELECT a.id, a.parent_id, a.level, a.name, a.name_en, a.name_es, 0 AS depth FROM areas a WHERE a.id = area_id
    UNION ALL
    SELECT a.id, a.parent_id, a.level, a.name, a.name_en, a.name_es, c.depth + 1
    FROM areas a JOIN chain c ON a.id = c.parent_id
    WHERE c.depth < 16
  )
  SELECT string_agg(
    coalesce(nullif(CASE language WHEN 'en' THEN name_en WHEN 'es' THEN name_es ELSE name END, ''), name),
    ' / ' ORDER BY depth DESC)
  FROM chain WHERE level >= 2
$$;--> statement-breakpoint

-- Bills name their carrier as written; link them to the carrier of that name in any language.
UPDATE deliveries d SET carrier_id = c.id
FROM freight_carriers c
WHERE d.carrier_id IS NULL AND c.account_id = d.account_id AND d.logistics_name <> ''
  AND (c.name = d.logistics_name OR c.names ->> 'zh' = d.logistics_name
    OR c.names ->> 'en' = d.logistics_name OR c.names ->> 'es' = d.logistics_name);--> statement-breakpoint
UPDATE sales_bills s SET carrier_id = c.id
FROM freight_carriers c
WHERE s.carrier_id IS NULL AND c.account_id = s.account_id AND s.logistics_name <> ''
  AND (c.name = s.logistics_name OR c.names ->> 'zh' = s.logistics_name
    OR c.names ->> 'en' = s.logistics_name OR c.names ->> 'es' = s.logistics_name);--> statement-breakpoint

-- Orders whose destination is still their address's "area address": the area is known.
UPDATE orders o SET destination_area_id = a.area_id, destination_detail = a.address
FROM addresses a
WHERE o.destination_area_id IS NULL AND a.id = o.address_id AND a.company_id = o.company_id
  AND o.destination = btrim(a.area || ' ' || a.address);--> statement-breakpoint

-- The system's English state notes become message keys (platform/messages.ts orderEvent*).
UPDATE order_events SET note_key = CASE note
    WHEN 'web checkout' THEN 'orderEventCheckout'
    WHEN 'cancelled by the buyer' THEN 'orderEventCancelledByBuyer'
    WHEN 'moved back to the cart' THEN 'orderEventMovedToCart'
    WHEN 'paid on account' THEN 'orderEventPaidOnAccount'
    WHEN 'paid online' THEN 'orderEventPaidOnline'
    WHEN 'customer request' THEN 'orderEventCustomerRequest'
    WHEN 'duplicate order' THEN 'orderEventDuplicateOrder'
    WHEN 'out of stock' THEN 'orderEventOutOfStock'
  END
WHERE note_key = '' AND note IN ('web checkout', 'cancelled by the buyer', 'moved back to the cart', 'paid on account',
  'paid online', 'customer request', 'duplicate order', 'out of stock');--> statement-breakpoint
UPDATE order_events SET note_key = 'orderEventPaidBy',
  note_params = jsonb_build_object('method', m[1], 'ref', m[2])
FROM (SELECT id AS event_id, regexp_match(note, '^paid by (\S+) \((.*)\)$') AS m FROM order_events WHERE note_key = '') p
WHERE order_events.id = p.event_id AND p.m IS NOT NULL;--> statement-breakpoint
UPDATE order_events SET note_key = 'orderEventLineQty',
  note_params = jsonb_build_object('seq', m[1]::int, 'number', m[2], 'from', m[3]::int, 'to', m[4]::int)
FROM (SELECT id AS event_id, regexp_match(note, '^line (\d+) \((.*)\): qty (\d+) → (\d+)$') AS m FROM order_events WHERE note_key = '') p
WHERE order_events.id = p.event_id AND p.m IS NOT NULL;--> statement-breakpoint
UPDATE order_events SET note_key = 'orderEventLineDeleted',
  note_params = jsonb_build_object('seq', m[1]::int, 'number', m[2], 'qty', m[3]::int)
FROM (SELECT id AS event_id, regexp_match(note, '^line (\d+) \((.*)\) deleted, qty (\d+)$') AS m FROM order_events WHERE note_key = '') p
WHERE order_events.id = p.event_id AND p.m IS NOT NULL;
--> statement-breakpoint

-- The ledger remarks the server wrote at payment (payment.service.ts) become message keys too.
UPDATE ledger_entries SET remark_key = CASE remark
    WHEN 'web order, on account' THEN 'ledgerWebOrderOnAccount'
    WHEN 'web order, paid online' THEN 'ledgerWebOrderPaidOnline'
    WHEN 'Opening balance' THEN 'ledgerOpeningBalance'
    WHEN 'Freight' THEN 'ledgerFreight'
  END
WHERE remark_key = '' AND remark IN ('web order, on account', 'web order, paid online', 'Opening balance', 'Freight');--> statement-breakpoint
UPDATE payments SET remark_key = 'paymentMonthlySettlement' WHERE remark_key = '' AND remark = 'Monthly settlement';
--> statement-breakpoint
UPDATE ledger_entries SET remark_key = 'paymentCutmoney', remark_params = jsonb_build_object('amount', m[1])
FROM (SELECT id AS entry_id, regexp_match(remark, '^cutmoney (\S+)$') AS m FROM ledger_entries WHERE remark_key = '') p
WHERE ledger_entries.id = p.entry_id AND p.m IS NOT NULL;
