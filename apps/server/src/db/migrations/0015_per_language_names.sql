CREATE TABLE "term_names" (
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "term_names_kind_term_pk" PRIMARY KEY("kind","term")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "carrier_id" integer;--> statement-breakpoint
ALTER TABLE "freight_carriers" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "remark_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "remark_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "note_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "note_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "destination_area_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "destination_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "remark_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "remark_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_bills" ADD COLUMN "carrier_id" integer;