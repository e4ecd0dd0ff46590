-- Written by hand (like 0005 and 0006). The per-address sign-in counter moves out of the process
-- into this table, so several server processes on one database share it (issue 16,
-- docs/decisions/008-shared-state-across-processes.md). Rows are rate-limiter-flexible's drizzle
-- store: points in the window that ends at expire; expired rows are pruned with the sessions.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
