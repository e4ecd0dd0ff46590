CREATE TABLE "replica_fences" (
	"writer" text PRIMARY KEY NOT NULL,
	"lsn" "pg_lsn" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
