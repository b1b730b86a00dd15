CREATE TABLE "user_chosen_activities" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_chosen_activities" ADD CONSTRAINT "user_chosen_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_chosen_activities" ADD CONSTRAINT "user_chosen_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;