-- A notice for one company (company_id) becomes a notice targeted at that company; the column
-- goes in the next migration, so this copy runs between the two.
INSERT INTO "notice_companies" ("notice_id", "company_id")
  SELECT "id", "company_id" FROM "notices" WHERE "company_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "notices" SET "target_all" = false WHERE "company_id" IS NOT NULL;
