CREATE TABLE "api_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text,
	"request_sha256" text NOT NULL,
	"status" integer DEFAULT 200 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_batches" ADD CONSTRAINT "api_batches_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_batches_key_idempotency_uq" ON "api_batches" USING btree ("api_key_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "api_batches_created_idx" ON "api_batches" USING btree ("created_at");