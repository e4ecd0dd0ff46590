CREATE TABLE "notice_companies" (
	"notice_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "notice_companies_notice_id_company_id_pk" PRIMARY KEY("notice_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_all" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "language" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "publish_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notice_companies" ADD CONSTRAINT "notice_companies_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_companies" ADD CONSTRAINT "notice_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_companies_company_idx" ON "notice_companies" USING btree ("company_id","notice_id");