ALTER TABLE "sales_bills" ADD COLUMN "delivery_id" integer;--> statement-breakpoint
CREATE INDEX "orders_account_date_idx" ON "orders" USING btree ("account_id","bill_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_account_state_date_idx" ON "orders" USING btree ("account_id","state","bill_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_bills_order_idx" ON "sales_bills" USING btree ("order_id");