DROP INDEX "message_templates_kind_uq";--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "activity_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_activity_kind_uq" ON "message_templates" USING btree ("activity_id","kind") WHERE "message_templates"."activity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_kind_uq" ON "message_templates" USING btree ("organiser_id","kind") WHERE "message_templates"."activity_id" is null;