CREATE TABLE "one_time_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"token_id" integer,
	"entry" varchar(16),
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_tickets" ADD CONSTRAINT "one_time_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tickets" ADD CONSTRAINT "one_time_tickets_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_tickets_exp_idx" ON "one_time_tickets" USING btree ("expires_at");