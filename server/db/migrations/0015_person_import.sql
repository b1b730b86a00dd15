ALTER TABLE "person_persons" ALTER COLUMN "id_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "person_persons" ALTER COLUMN "id_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "require_id" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "default_kind" smallint DEFAULT 1;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "import_column_map" jsonb DEFAULT '{}'::jsonb NOT NULL;