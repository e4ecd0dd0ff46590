CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"home_title" jsonb,
	"home_logo" text,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"price_level_id" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"credit_limit" numeric(16, 4) DEFAULT '0' NOT NULL,
	"payment_days" integer DEFAULT 30 NOT NULL,
	"is_customer" boolean DEFAULT true NOT NULL,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"factor" numeric(16, 4) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"unique_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"menus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_address" boolean DEFAULT false NOT NULL,
	"product_detail_title_show_my_number" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "company_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer,
	"price_level_id" integer,
	"price" numeric(16, 4) NOT NULL,
	CONSTRAINT "company_prices_target" CHECK (("company_prices"."company_id" is not null) <> ("company_prices"."price_level_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "customer_part_numbers" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"my_number" text NOT NULL,
	"my_number_key" text NOT NULL,
	CONSTRAINT "customer_part_numbers_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"product_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	CONSTRAINT "fitments_product_id_vehicle_id_pk" PRIMARY KEY("product_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "part_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"brand_name" text NOT NULL,
	"number" text NOT NULL,
	"number_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"number" text NOT NULL,
	"number_key" text NOT NULL,
	"brand_id" integer NOT NULL,
	"part_type_id" integer,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'PCS' NOT NULL,
	"weight" numeric(16, 4),
	"volumn" numeric(16, 4),
	"price" numeric(16, 4) NOT NULL,
	"buy_qty" integer DEFAULT 0 NOT NULL,
	"make_names" text DEFAULT '' NOT NULL,
	"model_displays" text DEFAULT '' NOT NULL,
	"note_model" text DEFAULT '' NOT NULL,
	"yp_model" text DEFAULT '' NOT NULL,
	"yp_aaia_model" text DEFAULT '' NOT NULL,
	"pro_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extend_param" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"market_time" timestamp with time zone,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"available_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_product_id_store_id_pk" PRIMARY KEY("product_id","store_id"),
	CONSTRAINT "stock_available_nonnegative" CHECK ("stock"."available_stock" >= 0),
	CONSTRAINT "stock_nonnegative" CHECK ("stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"area_id" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"m1_name" text NOT NULL,
	"m2_name" text NOT NULL,
	"m3_name" text NOT NULL,
	"m3_kw" integer,
	"m3_cc" integer,
	"m3_engine" text DEFAULT '' NOT NULL,
	"pl_transmission" text DEFAULT '' NOT NULL,
	"pl_fuel" text DEFAULT '' NOT NULL,
	"pl_body" text DEFAULT '' NOT NULL,
	"pl_front_brake" text DEFAULT '' NOT NULL,
	"pl_rear_brake" text DEFAULT '' NOT NULL,
	"pl_parking_brake" text DEFAULT '' NOT NULL,
	"pl_drive" text DEFAULT '' NOT NULL,
	"m3_year" text DEFAULT '' NOT NULL,
	"year_from" integer,
	"year_to" integer
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"area_id" integer NOT NULL,
	"area" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_es" text DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer,
	"qty" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_qty_positive" CHECK ("cart_items"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 4) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"logistics_name" text DEFAULT '' NOT NULL,
	"logistics_no" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"order_line_id" integer,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"number" text NOT NULL,
	"part_name" text NOT NULL,
	"factory" text NOT NULL,
	"qty" integer NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"sum" numeric(16, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"from_area_id" integer NOT NULL,
	"to_area_id" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"first_weight_kg" numeric(16, 4) NOT NULL,
	"first_price" numeric(16, 4) NOT NULL,
	"additional_weight_kg" numeric(16, 4) NOT NULL,
	"additional_price" numeric(16, 4) NOT NULL,
	"volumetric_divisor" integer DEFAULT 6000 NOT NULL,
	"minimum_charge" numeric(16, 4) DEFAULT '0' NOT NULL,
	"transit_days_min" integer NOT NULL,
	"transit_days_max" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"ref_no" text NOT NULL,
	"debit" numeric(16, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(16, 4) DEFAULT '0' NOT NULL,
	"due_date" timestamp with time zone,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"content_es" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer,
	"number" text NOT NULL,
	"number_key" text NOT NULL,
	"part_name" text NOT NULL,
	"factory" text NOT NULL,
	"my_number" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"make_names" text DEFAULT '' NOT NULL,
	"extend_param" text DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	"export_qty" integer DEFAULT 0 NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"tax_price" numeric(16, 4) NOT NULL,
	"sum" numeric(16, 4) NOT NULL,
	"price_desc" text DEFAULT '' NOT NULL,
	"client_remark" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_lines_qty_positive" CHECK ("order_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"no" text NOT NULL,
	"bill_date" timestamp with time zone DEFAULT now() NOT NULL,
	"from_system" text DEFAULT 'web' NOT NULL,
	"state" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(16, 4) DEFAULT '0' NOT NULL,
	"freight" numeric(16, 4) DEFAULT '0' NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"export_qty" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"extend_param" text DEFAULT '' NOT NULL,
	"address_id" integer,
	"consignee" text DEFAULT '' NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer,
	"no" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"amount" numeric(16, 4) NOT NULL,
	"cutmoney" numeric(16, 4) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"product_id" integer NOT NULL,
	"number" text NOT NULL,
	"number_key" text NOT NULL,
	"part_name" text NOT NULL,
	"factory" text NOT NULL,
	"unit" text NOT NULL,
	"qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"last_price" numeric(16, 4),
	"sum" numeric(16, 4) NOT NULL,
	"store_qty" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"supplier_company_id" integer NOT NULL,
	"no" text NOT NULL,
	"bill_date" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(16, 4) DEFAULT '0' NOT NULL,
	"sales_man_name" text NOT NULL,
	"require_date" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"no" text NOT NULL,
	"bill_date" timestamp with time zone NOT NULL,
	"from_system" text DEFAULT 'web' NOT NULL,
	"state" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(16, 4) DEFAULT '0' NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"export_rate" numeric(16, 4) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"extend_param" text DEFAULT '' NOT NULL,
	"cargo_state" text NOT NULL,
	"logistics_name" text DEFAULT '' NOT NULL,
	"logistics_no" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sales_bill_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"product_id" integer NOT NULL,
	"number" text NOT NULL,
	"number_key" text NOT NULL,
	"part_name" text NOT NULL,
	"factory" text NOT NULL,
	"unit" text NOT NULL,
	"qty" integer NOT NULL,
	"export_qty" integer DEFAULT 0 NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"sum" numeric(16, 4) NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_price_level_id_price_levels_id_fk" FOREIGN KEY ("price_level_id") REFERENCES "public"."price_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_levels" ADD CONSTRAINT "price_levels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_price_level_id_price_levels_id_fk" FOREIGN KEY ("price_level_id") REFERENCES "public"."price_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_part_numbers" ADD CONSTRAINT "customer_part_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_part_numbers" ADD CONSTRAINT "customer_part_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_types" ADD CONSTRAINT "part_types_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_numbers" ADD CONSTRAINT "product_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_part_type_id_part_types_id_fk" FOREIGN KEY ("part_type_id") REFERENCES "public"."part_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_carriers" ADD CONSTRAINT "freight_carriers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_carrier_id_freight_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."freight_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_bills" ADD CONSTRAINT "sales_bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_sales_bill_id_sales_bills_id_fk" FOREIGN KEY ("sales_bill_id") REFERENCES "public"."sales_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_account_idx" ON "companies" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("account_id","user_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_user_id_uq" ON "users" USING btree ("account_id",lower("user_id"));--> statement-breakpoint
CREATE INDEX "company_prices_product_company_idx" ON "company_prices" USING btree ("product_id","company_id");--> statement-breakpoint
CREATE INDEX "customer_part_numbers_key_idx" ON "customer_part_numbers" USING btree ("company_id","my_number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "product_numbers_key_prefix_idx" ON "product_numbers" USING btree ("number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_numbers_key_trgm_idx" ON "product_numbers" USING gin ("number_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_numbers_product_idx" ON "product_numbers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_number_key_prefix_idx" ON "products" USING btree ("number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_number_key_trgm_idx" ON "products" USING gin ("number_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_part_type_idx" ON "products" USING btree ("part_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_number_brand_uq" ON "products" USING btree ("account_id","number_key","brand_id");--> statement-breakpoint
CREATE INDEX "vehicles_make_model_idx" ON "vehicles" USING btree ("account_id","m1_name","m2_name");--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_store_uq" ON "cart_items" USING btree ("user_id","product_id",coalesce("store_id", 0));--> statement-breakpoint
CREATE INDEX "cart_items_company_idx" ON "cart_items" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deliveries_company_date_idx" ON "deliveries" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "delivery_lines_delivery_idx" ON "delivery_lines" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "freight_rates_route_idx" ON "freight_rates" USING btree ("from_area_id","to_area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "ledger_entries_company_date_idx" ON "ledger_entries" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_reads_uq" ON "notice_reads" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "notices_account_published_idx" ON "notices" USING btree ("account_id","published_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_lines_company_key_idx" ON "order_lines" USING btree ("company_id","number_key" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_no_uq" ON "orders" USING btree ("account_id","no");--> statement-breakpoint
CREATE INDEX "orders_company_date_idx" ON "orders" USING btree ("company_id","bill_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("method","provider_ref");--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_id","seq");--> statement-breakpoint
CREATE INDEX "purchases_supplier_date_idx" ON "purchases" USING btree ("supplier_company_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "sales_bills_company_date_idx" ON "sales_bills" USING btree ("company_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "sales_lines_bill_idx" ON "sales_lines" USING btree ("sales_bill_id","seq");--> statement-breakpoint
CREATE INDEX "sales_lines_company_key_idx" ON "sales_lines" USING btree ("company_id","number_key" text_pattern_ops);