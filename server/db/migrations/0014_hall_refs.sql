DROP INDEX "schedule_schedules_day_hall_start_time_idx";--> statement-breakpoint
DROP INDEX "seat_seats_hall_row_no_seat_no_idx";--> statement-breakpoint
DROP INDEX "seat_seats_activity_id_hall_row_no_seat_no_uq";--> statement-breakpoint
DROP INDEX "seat_seats_activity_id_hall_person_id_uq";--> statement-breakpoint
DROP INDEX "schedule_schedules_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "schedule_schedules_activity_day_sort_idx";--> statement-breakpoint
DROP INDEX "schedule_schedules_activity_start_time_sort_idx";--> statement-breakpoint
DROP INDEX "seat_seats_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "seat_seats_activity_row_no_sort_idx";--> statement-breakpoint
DROP INDEX "seat_seats_activity_seat_no_sort_idx";--> statement-breakpoint
ALTER TABLE "schedule_schedules" ADD COLUMN "hall_id" integer;--> statement-breakpoint
ALTER TABLE "seat_seats" ADD COLUMN "hall_id" integer;--> statement-breakpoint
-- Data: the free-text 会场 of seats and schedules become the organiser's 展馆 (one per distinct trimmed name, existing ones reused), then each row points at its hall.
INSERT INTO "hall_halls" ("organiser_id", "name")
SELECT DISTINCT t."organiser_id", COALESCE(NULLIF(btrim(t."hall"), ''), '未命名会场') FROM (
  SELECT "organiser_id", "hall" FROM "seat_seats"
  UNION ALL
  SELECT "organiser_id", "hall" FROM "schedule_schedules"
) t
ON CONFLICT ("organiser_id", "name") DO NOTHING;--> statement-breakpoint
UPDATE "seat_seats" t SET "hall_id" = h."id" FROM "hall_halls" h WHERE h."organiser_id" = t."organiser_id" AND h."name" = COALESCE(NULLIF(btrim(t."hall"), ''), '未命名会场');--> statement-breakpoint
UPDATE "schedule_schedules" t SET "hall_id" = h."id" FROM "hall_halls" h WHERE h."organiser_id" = t."organiser_id" AND h."name" = COALESCE(NULLIF(btrim(t."hall"), ''), '未命名会场');--> statement-breakpoint
ALTER TABLE "schedule_schedules" ALTER COLUMN "hall_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_seats" ALTER COLUMN "hall_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_schedules" ADD CONSTRAINT "schedule_schedules_hall_id_hall_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."hall_halls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_seats" ADD CONSTRAINT "seat_seats_hall_id_hall_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."hall_halls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_schedules_day_hall_id_start_time_idx" ON "schedule_schedules" USING btree ("organiser_id","day","hall_id","start_time","id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_hall_id_fk" ON "schedule_schedules" USING btree ("hall_id");--> statement-breakpoint
CREATE INDEX "seat_seats_hall_id_row_no_seat_no_idx" ON "seat_seats" USING btree ("organiser_id","hall_id","row_no","seat_no","id","activity_id","project_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_hall_id_fk" ON "seat_seats" USING btree ("hall_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_seats_activity_id_hall_id_row_no_seat_no_uq" ON "seat_seats" USING btree ("organiser_id","activity_id","hall_id","row_no","seat_no");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_seats_activity_id_hall_id_person_id_uq" ON "seat_seats" USING btree ("organiser_id","activity_id","hall_id","person_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_created_at_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","created_at","id","project_id","hall_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_day_sort_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","day","id","project_id","hall_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_start_time_sort_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","start_time","id","project_id","hall_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_created_at_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","created_at","id","project_id","hall_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_row_no_sort_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","row_no","id","project_id","hall_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_seat_no_sort_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","seat_no","id","project_id","hall_id","kind","state","person_id");--> statement-breakpoint
ALTER TABLE "schedule_schedules" DROP COLUMN "hall";--> statement-breakpoint
ALTER TABLE "seat_seats" DROP COLUMN "hall";