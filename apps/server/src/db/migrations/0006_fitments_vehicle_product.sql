-- Written by hand. A search by vehicle alone ranks the vehicle's first fitted parts by product id;
-- with the product id in the key that is one index-only range scan that stops at the cap. On
-- vehicle_id alone the planner walked the (product, vehicle) primary key instead, all 3.4M entries
-- for a vehicle with few parts (docs/PERFORMANCE.md, vehicle filter).
DROP INDEX "fitments_vehicle_idx";--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("vehicle_id","product_id");
