ALTER TABLE "gate_checkins" ADD COLUMN "method" smallint;--> statement-breakpoint
ALTER TABLE "gate_checkins" ADD COLUMN "reason" varchar(200);--> statement-breakpoint
ALTER TABLE "person_persons" ADD COLUMN "search_key" text;--> statement-breakpoint
CREATE INDEX "person_persons_search_key_trgm" ON "person_persons" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "person_persons_search_key_missing_idx" ON "person_persons" USING btree ("organiser_id","activity_id","project_id") WHERE "person_persons"."search_key" is null;--> statement-breakpoint
UPDATE "gate_checkins" SET "method" = 1 WHERE "method" IS NULL;--> statement-breakpoint
CREATE FUNCTION "person_search_key_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A write that changes what the key is made of without writing a new key leaves it missing: the desk's
  -- search fills it again (server/services/meeting/personSearch.ts), whichever path changed the row.
  IF NEW.search_key IS NOT DISTINCT FROM OLD.search_key
     AND (NEW.name IS DISTINCT FROM OLD.name OR NEW.company IS DISTINCT FROM OLD.company OR NEW.mobile IS DISTINCT FROM OLD.mobile) THEN
    NEW.search_key := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_persons_search_key_stale" BEFORE UPDATE OF "name", "company", "mobile" ON "person_persons"
  FOR EACH ROW EXECUTE FUNCTION "person_search_key_stale"();
