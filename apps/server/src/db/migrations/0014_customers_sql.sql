-- Company codes (issue 14 item 5): existing companies get C0001, C0002 … from their id, and a
-- company inserted without a code (the demo seed, test fixtures, bench copies) gets one the same
-- way, so every company has a code to search by. Staff always give their own through the API.
UPDATE companies SET code = 'C' || lpad(id::text, 4, '0') WHERE code IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_default_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.code IS NULL OR NEW.code = '' THEN
    NEW.code := 'C' || lpad(NEW.id::text, 4, '0');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_default_code BEFORE INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_default_code();
