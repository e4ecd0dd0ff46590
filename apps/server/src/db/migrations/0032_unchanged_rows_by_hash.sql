ALTER TABLE "products" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "products_content_hash_set_idx" ON "products" USING btree ("id") WHERE content_hash is not null;--> statement-breakpoint
-- Decision 028. A product's content_hash means "the import row with this hash was the last thing
-- applied to this product, and nothing changed it since". Any update that does not set a new hash
-- (back office, prices, deactivation, jobs) forgets it, whatever column it touches.
CREATE FUNCTION "products_forget_content_hash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_hash := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_forget_content_hash" BEFORE UPDATE ON "products" FOR EACH ROW
  WHEN (OLD.content_hash IS NOT NULL AND NEW.content_hash IS NOT DISTINCT FROM OLD.content_hash)
  EXECUTE FUNCTION "products_forget_content_hash"();--> statement-breakpoint
-- A change to a product's cross numbers or fitments forgets its hash too, unless the import core
-- itself is syncing them for the rows whose hash it just wrote (it sets partsportal.import_core_sync
-- for its own statements only, transaction-local). One UPDATE per statement, over the transition table.
CREATE FUNCTION "product_children_forget_content_hash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('partsportal.import_core_sync', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products p SET content_hash = NULL
      FROM (SELECT DISTINCT product_id FROM new_rows) r
      WHERE p.id = r.product_id AND p.content_hash IS NOT NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE products p SET content_hash = NULL
      FROM (SELECT DISTINCT product_id FROM old_rows) r
      WHERE p.id = r.product_id AND p.content_hash IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_children_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET content_hash = NULL WHERE content_hash IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_numbers_forget_hash_insert" AFTER INSERT ON "product_numbers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "product_numbers_forget_hash_update" AFTER UPDATE ON "product_numbers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "product_numbers_forget_hash_delete" AFTER DELETE ON "product_numbers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "product_numbers_forget_hash_truncate" AFTER TRUNCATE ON "product_numbers"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_children_truncated"();--> statement-breakpoint
CREATE TRIGGER "fitments_forget_hash_insert" AFTER INSERT ON "fitments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "fitments_forget_hash_update" AFTER UPDATE ON "fitments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "fitments_forget_hash_delete" AFTER DELETE ON "fitments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_children_forget_content_hash"();--> statement-breakpoint
CREATE TRIGGER "fitments_forget_hash_truncate" AFTER TRUNCATE ON "fitments"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_children_truncated"();
