-- Written by hand (drizzle-kit knows none of it, so it never diffs or drops it): monthly summaries
-- that the dashboard and the unfiltered record totals read instead of aggregating a year of rows
-- per request, kept by statement-level triggers in the writing transaction whoever writes
-- (checkout, payment, line edits, the seed). The summaries are append-only deltas: a write adds
-- one grouped row and takes no lock another writer waits for, so hot companies do not serialize
-- their checkouts; readers sum the few rows per month, and a write compacts a company's rows
-- once more than 100 are redundant. Month = the UTC calendar month, as in the chart.
ALTER TABLE "order_lines" ADD COLUMN "bill_date" timestamp with time zone;--> statement-breakpoint
UPDATE "order_lines" l SET "bill_date" = o."bill_date" FROM "orders" o WHERE o."id" = l."order_id";--> statement-breakpoint
-- Scanned backwards it yields bill_date desc, order_id desc, seq asc: the line search's default
-- order without a join to orders; with the id included, a deep page is an index-only scan.
CREATE INDEX "order_lines_company_date_idx" ON "order_lines" USING btree ("company_id","bill_date","order_id","seq" DESC) INCLUDE ("id");--> statement-breakpoint
-- Same key as before; the included sort columns make a part-number search's deep page an
-- index-only scan and sort, instead of a heap visit per matching line.
DROP INDEX "order_lines_company_key_idx";--> statement-breakpoint
CREATE INDEX "order_lines_company_key_idx" ON "order_lines" USING btree ("company_id","number_key" text_pattern_ops) INCLUDE ("bill_date","order_id","seq","id");--> statement-breakpoint
-- Same key as before; the included columns let totals over a date range run on the index only.
DROP INDEX "orders_company_date_idx";--> statement-breakpoint
CREATE INDEX "orders_company_date_idx" ON "orders" USING btree ("company_id","bill_date","id") INCLUDE ("amount","total_qty","state");--> statement-breakpoint
CREATE FUNCTION "order_lines_fill_bill_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bill_date IS NULL THEN
    SELECT o.bill_date INTO NEW.bill_date FROM orders o WHERE o.id = NEW.order_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_fill_bill_date" BEFORE INSERT ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "order_lines_fill_bill_date"();--> statement-breakpoint
CREATE TABLE "order_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"state" text NOT NULL,
	"orders" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"total_qty" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_month_totals_company_idx" ON "order_month_totals" USING btree ("company_id","month","state");--> statement-breakpoint
CREATE TABLE "order_line_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"lines" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_line_month_totals_company_idx" ON "order_line_month_totals" USING btree ("company_id","month");--> statement-breakpoint
CREATE TABLE "delivery_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"deliveries" bigint NOT NULL,
	"amount" numeric NOT NULL
);--> statement-breakpoint
CREATE INDEX "delivery_month_totals_company_idx" ON "delivery_month_totals" USING btree ("company_id","month");--> statement-breakpoint
CREATE TABLE "ledger_totals" (
	"company_id" integer NOT NULL,
	"debit" numeric NOT NULL,
	"credit" numeric NOT NULL
);--> statement-breakpoint
CREATE INDEX "ledger_totals_company_idx" ON "ledger_totals" USING btree ("company_id");--> statement-breakpoint
-- Compaction: merges a company's delta rows into one per key. The try-lock skips rather than
-- waits, so two writers never queue on each other here; a skipped compaction runs on a later write.
CREATE FUNCTION "record_totals_compact"(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) - count(DISTINCT (month, state)) FROM order_month_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('order_month_totals'), company) THEN
    WITH gone AS (DELETE FROM order_month_totals WHERE company_id = company RETURNING *)
    INSERT INTO order_month_totals (company_id, month, state, orders, amount, total_qty)
    SELECT company_id, month, state, sum(orders), sum(amount), sum(total_qty) FROM gone GROUP BY 1, 2, 3
    HAVING sum(orders) <> 0 OR sum(amount) <> 0 OR sum(total_qty) <> 0;
  END IF;
  IF (SELECT count(*) - count(DISTINCT month) FROM order_line_month_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('order_line_month_totals'), company) THEN
    WITH gone AS (DELETE FROM order_line_month_totals WHERE company_id = company RETURNING *)
    INSERT INTO order_line_month_totals (company_id, month, lines)
    SELECT company_id, month, sum(lines) FROM gone GROUP BY 1, 2 HAVING sum(lines) <> 0;
  END IF;
  IF (SELECT count(*) - count(DISTINCT month) FROM delivery_month_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('delivery_month_totals'), company) THEN
    WITH gone AS (DELETE FROM delivery_month_totals WHERE company_id = company RETURNING *)
    INSERT INTO delivery_month_totals (company_id, month, deliveries, amount)
    SELECT company_id, month, sum(deliveries), sum(amount) FROM gone GROUP BY 1, 2
    HAVING sum(deliveries) <> 0 OR sum(amount) <> 0;
  END IF;
  IF (SELECT count(*) FROM ledger_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('ledger_totals'), company) THEN
    WITH gone AS (DELETE FROM ledger_totals WHERE company_id = company RETURNING *)
    INSERT INTO ledger_totals (company_id, debit, credit)
    SELECT company_id, sum(debit), sum(credit) FROM gone GROUP BY 1;
  END IF;
END $$;--> statement-breakpoint
-- Transition tables allow one event per trigger, so each table has three triggers on one
-- function that branches on TG_OP. An UPDATE adds the new rows and subtracts the old ones; groups
-- that net to zero (a remark edit) add nothing.
CREATE FUNCTION "order_month_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO order_month_totals (company_id, month, state, orders, amount, total_qty)
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, state, count(*), sum(amount), sum(total_qty)
      FROM new_rows GROUP BY 1, 2, 3 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO order_month_totals (company_id, month, state, orders, amount, total_qty)
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, state, -count(*), -sum(amount), -sum(total_qty)
      FROM old_rows GROUP BY 1, 2, 3 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO order_month_totals (company_id, month, state, orders, amount, total_qty)
      SELECT company_id, month, state, sum(n), sum(amount), sum(total_qty) FROM (
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date AS month, state, 1 AS n, amount, total_qty FROM new_rows
        UNION ALL
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, state, -1, -amount, -total_qty FROM old_rows) c
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(total_qty) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
    -- Lines carry their order's bill_date (the line search sorts and filters on it).
    UPDATE order_lines l SET bill_date = n.bill_date
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE l.order_id = n.id AND n.bill_date IS DISTINCT FROM o.bill_date;
  END IF;
  PERFORM record_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_month_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_month_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_month_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_track"();--> statement-breakpoint
CREATE FUNCTION "order_line_month_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO order_line_month_totals (company_id, month, lines)
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, count(*)
      FROM new_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO order_line_month_totals (company_id, month, lines)
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, -count(*)
      FROM old_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO order_line_month_totals (company_id, month, lines)
      SELECT company_id, month, sum(n) FROM (
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date AS month, 1 AS n FROM new_rows
        UNION ALL
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, -1 FROM old_rows) c
      GROUP BY 1, 2 HAVING sum(n) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  END IF;
  PERFORM record_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_line_month_totals_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_line_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_line_month_totals_update" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_line_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_line_month_totals_delete" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_line_month_totals_track"();--> statement-breakpoint
CREATE FUNCTION "delivery_month_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO delivery_month_totals (company_id, month, deliveries, amount)
      SELECT company_id, date_trunc('month', date AT TIME ZONE 'UTC')::date, count(*), sum(amount)
      FROM new_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO delivery_month_totals (company_id, month, deliveries, amount)
      SELECT company_id, date_trunc('month', date AT TIME ZONE 'UTC')::date, -count(*), -sum(amount)
      FROM old_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO delivery_month_totals (company_id, month, deliveries, amount)
      SELECT company_id, month, sum(n), sum(amount) FROM (
        SELECT company_id, date_trunc('month', date AT TIME ZONE 'UTC')::date AS month, 1 AS n, amount FROM new_rows
        UNION ALL
        SELECT company_id, date_trunc('month', date AT TIME ZONE 'UTC')::date, -1, -amount FROM old_rows) c
      GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(amount) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  END IF;
  PERFORM record_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "delivery_month_totals_insert" AFTER INSERT ON "deliveries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "delivery_month_totals_update" AFTER UPDATE ON "deliveries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "delivery_month_totals_delete" AFTER DELETE ON "deliveries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "delivery_month_totals_track"();--> statement-breakpoint
CREATE FUNCTION "ledger_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO ledger_totals (company_id, debit, credit)
      SELECT company_id, sum(debit), sum(credit) FROM new_rows GROUP BY 1 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO ledger_totals (company_id, debit, credit)
      SELECT company_id, -sum(debit), -sum(credit) FROM old_rows GROUP BY 1 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO ledger_totals (company_id, debit, credit)
      SELECT company_id, sum(debit), sum(credit) FROM (
        SELECT company_id, debit, credit FROM new_rows
        UNION ALL
        SELECT company_id, -debit, -credit FROM old_rows) c
      GROUP BY 1 HAVING sum(debit) <> 0 OR sum(credit) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  END IF;
  PERFORM record_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_totals_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_track"();--> statement-breakpoint
CREATE TRIGGER "ledger_totals_update" AFTER UPDATE ON "ledger_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_track"();--> statement-breakpoint
CREATE TRIGGER "ledger_totals_delete" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_track"();--> statement-breakpoint
-- Backfill from the rows already there.
INSERT INTO "order_month_totals" ("company_id","month","state","orders","amount","total_qty")
SELECT "company_id", date_trunc('month', "bill_date" AT TIME ZONE 'UTC')::date, "state", count(*), sum("amount"), sum("total_qty")
FROM "orders" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "order_line_month_totals" ("company_id","month","lines")
SELECT "company_id", date_trunc('month', "bill_date" AT TIME ZONE 'UTC')::date, count(*) FROM "order_lines" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "delivery_month_totals" ("company_id","month","deliveries","amount")
SELECT "company_id", date_trunc('month', "date" AT TIME ZONE 'UTC')::date, count(*), sum("amount") FROM "deliveries" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "ledger_totals" ("company_id","debit","credit")
SELECT "company_id", sum("debit"), sum("credit") FROM "ledger_entries" GROUP BY 1;
--> statement-breakpoint
-- Orders and lines per UTC day: a deep page of the unfiltered lists skips whole days by these
-- counts and walks the index only within the day holding the page, so OFFSET 19,980 costs about
-- what page 1 costs. Same delta-row scheme as above.
CREATE TABLE "order_day_totals" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" bigint NOT NULL,
	"lines" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_day_totals_company_idx" ON "order_day_totals" USING btree ("company_id","day");--> statement-breakpoint
CREATE FUNCTION "order_day_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  -- 1 for an order, 0 for a line: one function serves both tables.
  is_order integer := CASE WHEN TG_TABLE_NAME = 'orders' THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO order_day_totals (company_id, day, orders, lines)
      SELECT company_id, date_trunc('day', bill_date AT TIME ZONE 'UTC')::date, count(*) * is_order, count(*) * (1 - is_order)
      FROM new_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO order_day_totals (company_id, day, orders, lines)
      SELECT company_id, date_trunc('day', bill_date AT TIME ZONE 'UTC')::date, -count(*) * is_order, -count(*) * (1 - is_order)
      FROM old_rows GROUP BY 1, 2 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO order_day_totals (company_id, day, orders, lines)
      SELECT company_id, day, sum(n) * is_order, sum(n) * (1 - is_order) FROM (
        SELECT company_id, date_trunc('day', bill_date AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows
        UNION ALL
        SELECT company_id, date_trunc('day', bill_date AT TIME ZONE 'UTC')::date, -1 FROM old_rows) c
      GROUP BY 1, 2 HAVING sum(n) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  END IF;
  PERFORM order_day_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_day_totals_compact"(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) - count(DISTINCT day) FROM order_day_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('order_day_totals'), company) THEN
    WITH gone AS (DELETE FROM order_day_totals WHERE company_id = company RETURNING *)
    INSERT INTO order_day_totals (company_id, day, orders, lines)
    SELECT company_id, day, sum(orders), sum(lines) FROM gone GROUP BY 1, 2
    HAVING sum(orders) <> 0 OR sum(lines) <> 0;
  END IF;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_day_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_day_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_day_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_day_totals_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_day_totals_update" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
CREATE TRIGGER "order_day_totals_delete" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_day_totals_track"();--> statement-breakpoint
INSERT INTO "order_day_totals" ("company_id","day","orders","lines")
SELECT "company_id", "day", sum("orders"), sum("lines") FROM (
  SELECT "company_id", date_trunc('day', "bill_date" AT TIME ZONE 'UTC')::date AS "day", 1 AS "orders", 0 AS "lines" FROM "orders"
  UNION ALL
  SELECT "company_id", date_trunc('day', "bill_date" AT TIME ZONE 'UTC')::date, 0, 1 FROM "order_lines") r
GROUP BY 1, 2;
