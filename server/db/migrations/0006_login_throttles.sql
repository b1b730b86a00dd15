CREATE TABLE "login_throttles" (
	"username" varchar(64) PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttles_next_idx" ON "login_throttles" USING btree ("next_at");