DROP INDEX "person_persons_status_created_at_idx";--> statement-breakpoint
DROP INDEX "person_persons_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "person_persons_name_idx";--> statement-breakpoint
DROP INDEX "person_persons_checked_in_at_idx";--> statement-breakpoint
DROP INDEX "person_persons_activity_name_sort_idx";--> statement-breakpoint
DROP INDEX "person_persons_activity_checked_in_at_sort_idx";--> statement-breakpoint
CREATE INDEX "person_persons_activity_created_at_idx" ON "person_persons" USING btree ("organiser_id","activity_id","created_at","id","project_id","kind","source","checkin_status");--> statement-breakpoint
CREATE INDEX "person_persons_name_idx" ON "person_persons" USING btree ("organiser_id","name","id","activity_id","project_id","kind","source","checkin_status");--> statement-breakpoint
CREATE INDEX "person_persons_checked_in_at_idx" ON "person_persons" USING btree ("organiser_id","checked_in_at","id","activity_id","project_id","kind","source","checkin_status");--> statement-breakpoint
CREATE INDEX "person_persons_activity_name_sort_idx" ON "person_persons" USING btree ("organiser_id","activity_id","name","id","project_id","kind","source","checkin_status");--> statement-breakpoint
CREATE INDEX "person_persons_activity_checked_in_at_sort_idx" ON "person_persons" USING btree ("organiser_id","activity_id","checked_in_at","id","project_id","kind","source","checkin_status");--> statement-breakpoint
-- Hand-written: half of each page left free, so that every row on it can take its next version there when
-- only 登记状态 changes (审核通过 of a whole list): such an update writes no index entry (a HOT update).
-- A person row is about 400 bytes; at 80 only a quarter of a page's rows found room. Pages written
-- before keep their packing until rewritten.
ALTER TABLE "person_persons" SET (fillfactor = 50);
