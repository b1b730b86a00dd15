ALTER TABLE "activities" ADD COLUMN "badge_size" smallint;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "badge_company" boolean;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "badge_job_title" boolean;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "badge_seat" boolean;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "badge_qr" boolean;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "badge_kind_band" boolean;