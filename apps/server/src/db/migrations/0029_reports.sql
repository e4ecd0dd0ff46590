-- Written by hand (drizzle-kit knows none of it, as with 0005): the back office's reports
-- (issue 15 item 6, decision 019).
--
-- 1. Sales summary. The sales report groups by month × company × brand × part type; a GROUP BY
--    over every sales line took about a second on 1M lines, so the sums are kept on write, in the
--    transaction that writes the sales lines (the order desk's shipment, the seed, any later
--    writer), by statement-level triggers with transition tables. Same scheme as 0005: append-only
--    delta rows (no hot row a second shipment waits for), readers sum the few rows per key, a
--    write compacts a company's rows when more than 100 are redundant (try-lock: skips, never waits).
--    A line's brand and part type are its product's at the time of writing.
ALTER TABLE "sales_lines" ADD COLUMN "bill_date" timestamp with time zone;--> statement-breakpoint
UPDATE "sales_lines" l SET "bill_date" = b."bill_date" FROM "sales_bills" b WHERE b."id" = l."sales_bill_id";--> statement-breakpoint
-- A line carries its bill's date (filled here when the writer leaves it out), so a deleted bill's
-- cascaded lines still know their month without the bill row.
CREATE FUNCTION "sales_lines_fill_bill_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bill_date IS NULL THEN
    SELECT b.bill_date INTO NEW.bill_date FROM sales_bills b WHERE b.id = NEW.sales_bill_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_lines_fill_bill_date" BEFORE INSERT ON "sales_lines" FOR EACH ROW EXECUTE FUNCTION "sales_lines_fill_bill_date"();--> statement-breakpoint
CREATE TABLE "sales_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"brand_id" integer NOT NULL,
	"part_type_id" integer,
	"lines" bigint NOT NULL,
	"qty" bigint NOT NULL,
	"amount" numeric NOT NULL
);--> statement-breakpoint
-- The report filters by month first (a date range), then groups.
CREATE INDEX "sales_month_totals_month_idx" ON "sales_month_totals" USING btree ("month","company_id");--> statement-breakpoint
CREATE INDEX "sales_month_totals_company_idx" ON "sales_month_totals" USING btree ("company_id","month");--> statement-breakpoint
-- The same sums by company and month only: the report grouped by month and/or company without a
-- brand or part-type filter (the usual view) reads a few rows per company instead of one per
-- brand and part type (26,725 rows → 104 on the 1M-line bench database).
CREATE TABLE "sales_company_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"lines" bigint NOT NULL,
	"qty" bigint NOT NULL,
	"amount" numeric NOT NULL
);--> statement-breakpoint
CREATE INDEX "sales_company_month_totals_month_idx" ON "sales_company_month_totals" USING btree ("month","company_id");--> statement-breakpoint
CREATE FUNCTION "sales_month_totals_compact"(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) - count(DISTINCT (month, brand_id, part_type_id)) FROM sales_month_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('sales_month_totals'), company) THEN
    WITH gone AS (DELETE FROM sales_month_totals WHERE company_id = company RETURNING *)
    INSERT INTO sales_month_totals (company_id, month, brand_id, part_type_id, lines, qty, amount)
    SELECT company_id, month, brand_id, part_type_id, sum(lines), sum(qty), sum(amount) FROM gone GROUP BY 1, 2, 3, 4
    HAVING sum(lines) <> 0 OR sum(qty) <> 0 OR sum(amount) <> 0;
  END IF;
  IF (SELECT count(*) - count(DISTINCT month) FROM sales_company_month_totals WHERE company_id = company) > 100
     AND pg_try_advisory_xact_lock(hashtext('sales_company_month_totals'), company) THEN
    WITH gone AS (DELETE FROM sales_company_month_totals WHERE company_id = company RETURNING *)
    INSERT INTO sales_company_month_totals (company_id, month, lines, qty, amount)
    SELECT company_id, month, sum(lines), sum(qty), sum(amount) FROM gone GROUP BY 1, 2
    HAVING sum(lines) <> 0 OR sum(qty) <> 0 OR sum(amount) <> 0;
  END IF;
END $$;--> statement-breakpoint
-- One function for the three events (a transition table serves one event per trigger). An
-- UPDATE adds the new rows and subtracts the old ones; groups that net to zero add nothing.
CREATE FUNCTION "sales_month_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      INSERT INTO sales_month_totals (company_id, month, brand_id, part_type_id, lines, qty, amount)
      SELECT n.company_id, date_trunc('month', n.bill_date AT TIME ZONE 'UTC')::date, p.brand_id, p.part_type_id,
        count(*), sum(n.qty), sum(n."sum")
      FROM new_rows n JOIN products p ON p.id = n.product_id GROUP BY 1, 2, 3, 4 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      INSERT INTO sales_month_totals (company_id, month, brand_id, part_type_id, lines, qty, amount)
      SELECT o.company_id, date_trunc('month', o.bill_date AT TIME ZONE 'UTC')::date, p.brand_id, p.part_type_id,
        -count(*), -sum(o.qty), -sum(o."sum")
      FROM old_rows o JOIN products p ON p.id = o.product_id GROUP BY 1, 2, 3, 4 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  ELSE
    WITH d AS (
      INSERT INTO sales_month_totals (company_id, month, brand_id, part_type_id, lines, qty, amount)
      SELECT c.company_id, c.month, p.brand_id, p.part_type_id, sum(c.n), sum(c.qty), sum(c.amount) FROM (
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date AS month, product_id, 1 AS n, qty, "sum" AS amount FROM new_rows
        UNION ALL
        SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, product_id, -1, -qty, -"sum" FROM old_rows) c
      JOIN products p ON p.id = c.product_id
      GROUP BY 1, 2, 3, 4 HAVING sum(c.n) <> 0 OR sum(c.qty) <> 0 OR sum(c.amount) <> 0 RETURNING company_id)
    SELECT array_agg(DISTINCT company_id) INTO touched FROM d;
  END IF;
  -- The coarse table: the same change without brand and part type (a transition table exists
  -- only for its own events, hence one statement per branch).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_company_month_totals (company_id, month, lines, qty, amount)
    SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, count(*), sum(qty), sum("sum")
    FROM new_rows GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_company_month_totals (company_id, month, lines, qty, amount)
    SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, -count(*), -sum(qty), -sum("sum")
    FROM old_rows GROUP BY 1, 2;
  ELSE
    INSERT INTO sales_company_month_totals (company_id, month, lines, qty, amount)
    SELECT company_id, month, sum(n), sum(q), sum(a) FROM (
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date AS month, 1 AS n, qty AS q, "sum" AS a FROM new_rows
      UNION ALL
      SELECT company_id, date_trunc('month', bill_date AT TIME ZONE 'UTC')::date, -1, -qty, -"sum" FROM old_rows) c
    GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(q) <> 0 OR sum(a) <> 0;
  END IF;
  PERFORM sales_month_totals_compact(c) FROM unnest(touched) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_month_totals_insert" AFTER INSERT ON "sales_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "sales_month_totals_update" AFTER UPDATE ON "sales_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_month_totals_track"();--> statement-breakpoint
CREATE TRIGGER "sales_month_totals_delete" AFTER DELETE ON "sales_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_month_totals_track"();--> statement-breakpoint
-- A bill's new date or company moves its lines (whose update trigger moves the sums).
CREATE FUNCTION "sales_bills_move_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_lines l SET bill_date = n.bill_date, company_id = n.company_id
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE l.sales_bill_id = n.id
    AND (n.bill_date IS DISTINCT FROM o.bill_date OR n.company_id IS DISTINCT FROM o.company_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_bills_move_lines" AFTER UPDATE ON "sales_bills" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_bills_move_lines"();--> statement-breakpoint
INSERT INTO "sales_month_totals" ("company_id","month","brand_id","part_type_id","lines","qty","amount")
SELECT l."company_id", date_trunc('month', l."bill_date" AT TIME ZONE 'UTC')::date, p."brand_id", p."part_type_id",
  count(*), sum(l."qty"), sum(l."sum")
FROM "sales_lines" l JOIN "products" p ON p."id" = l."product_id" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "sales_company_month_totals" ("company_id","month","lines","qty","amount")
SELECT "company_id", date_trunc('month', "bill_date" AT TIME ZONE 'UTC')::date, count(*), sum("qty"), sum("sum")
FROM "sales_lines" GROUP BY 1, 2;--> statement-breakpoint
-- 2. Demand log: what buyers looked for and did not find (a catalogue search without a result,
--    a cart-import line not found). Written only on a miss, one multi-row insert per request;
--    kept 13 months (housekeeping-tasks.ts).
CREATE TABLE "demand_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"number_key" text NOT NULL,
	"input" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_misses_source_check" CHECK ("source" IN ('search', 'import'))
);--> statement-breakpoint
CREATE INDEX "demand_misses_account_at_idx" ON "demand_misses" USING btree ("account_id","at") INCLUDE ("number_key","company_id");--> statement-breakpoint
CREATE INDEX "demand_misses_at_idx" ON "demand_misses" USING btree ("at");--> statement-breakpoint
-- 3. The operator dashboard's "confirmed today": state changes by time.
CREATE INDEX "order_events_state_at_idx" ON "order_events" USING btree ("to_state","created_at");
