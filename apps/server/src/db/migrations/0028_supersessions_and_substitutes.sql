CREATE TABLE "substitutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"part_brand_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"part_number_key" text NOT NULL,
	"substitute_brand_id" integer NOT NULL,
	"substitute_number" text NOT NULL,
	"substitute_number_key" text NOT NULL,
	"two_way" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitutes_not_self" CHECK (("substitutes"."part_brand_id", "substitutes"."part_number_key") <> ("substitutes"."substitute_brand_id", "substitutes"."substitute_number_key"))
);
--> statement-breakpoint
CREATE TABLE "supersessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"old_brand_id" integer NOT NULL,
	"old_number" text NOT NULL,
	"old_number_key" text NOT NULL,
	"new_brand_id" integer NOT NULL,
	"new_number" text NOT NULL,
	"new_number_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supersessions_not_self" CHECK (("supersessions"."old_brand_id", "supersessions"."old_number_key") <> ("supersessions"."new_brand_id", "supersessions"."new_number_key"))
);
--> statement-breakpoint
ALTER TABLE "substitutes" ADD CONSTRAINT "substitutes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutes" ADD CONSTRAINT "substitutes_part_brand_id_brands_id_fk" FOREIGN KEY ("part_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutes" ADD CONSTRAINT "substitutes_substitute_brand_id_brands_id_fk" FOREIGN KEY ("substitute_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supersessions" ADD CONSTRAINT "supersessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supersessions" ADD CONSTRAINT "supersessions_old_brand_id_brands_id_fk" FOREIGN KEY ("old_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supersessions" ADD CONSTRAINT "supersessions_new_brand_id_brands_id_fk" FOREIGN KEY ("new_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "substitutes_pair_uq" ON "substitutes" USING btree ("account_id","part_number_key","part_brand_id","substitute_number_key","substitute_brand_id");--> statement-breakpoint
CREATE INDEX "substitutes_substitute_idx" ON "substitutes" USING btree ("account_id","substitute_number_key","substitute_brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supersessions_old_uq" ON "supersessions" USING btree ("account_id","old_number_key","old_brand_id");--> statement-breakpoint
CREATE INDEX "supersessions_new_idx" ON "supersessions" USING btree ("account_id","new_number_key","new_brand_id");