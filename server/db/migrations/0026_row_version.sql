ALTER TABLE "activities" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_contracts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_quotations" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitor_exhibitors" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_invoices" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_receivables" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_vouchers" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_checkins" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_gates" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_coupons" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_goods" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_prices" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hall_halls" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_merchants" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_notices" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_payments" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "person_persons" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_schedules" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_seats" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shuttle_lines" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_teams" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: every UPDATE that sets updated_at (a change someone made) bumps the row's version, so a form read before it is stale (optimistic saves, docs/business-rules.md).
CREATE OR REPLACE FUNCTION zbzj_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_bump_version" BEFORE UPDATE OF "updated_at" ON "activities" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "contract_contracts_bump_version" BEFORE UPDATE OF "updated_at" ON "contract_contracts" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "crm_contacts_bump_version" BEFORE UPDATE OF "updated_at" ON "crm_contacts" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "crm_customers_bump_version" BEFORE UPDATE OF "updated_at" ON "crm_customers" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "crm_quotations_bump_version" BEFORE UPDATE OF "updated_at" ON "crm_quotations" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "exhibitor_exhibitors_bump_version" BEFORE UPDATE OF "updated_at" ON "exhibitor_exhibitors" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "finance_invoices_bump_version" BEFORE UPDATE OF "updated_at" ON "finance_invoices" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "finance_receivables_bump_version" BEFORE UPDATE OF "updated_at" ON "finance_receivables" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "finance_vouchers_bump_version" BEFORE UPDATE OF "updated_at" ON "finance_vouchers" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "gate_checkins_bump_version" BEFORE UPDATE OF "updated_at" ON "gate_checkins" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "gate_gates_bump_version" BEFORE UPDATE OF "updated_at" ON "gate_gates" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "goods_coupons_bump_version" BEFORE UPDATE OF "updated_at" ON "goods_coupons" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "goods_goods_bump_version" BEFORE UPDATE OF "updated_at" ON "goods_goods" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "goods_prices_bump_version" BEFORE UPDATE OF "updated_at" ON "goods_prices" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "hall_halls_bump_version" BEFORE UPDATE OF "updated_at" ON "hall_halls" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "merchant_merchants_bump_version" BEFORE UPDATE OF "updated_at" ON "merchant_merchants" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "notice_notices_bump_version" BEFORE UPDATE OF "updated_at" ON "notice_notices" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "order_orders_bump_version" BEFORE UPDATE OF "updated_at" ON "order_orders" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "pay_payments_bump_version" BEFORE UPDATE OF "updated_at" ON "pay_payments" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "person_persons_bump_version" BEFORE UPDATE OF "updated_at" ON "person_persons" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "projects_bump_version" BEFORE UPDATE OF "updated_at" ON "projects" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "schedule_schedules_bump_version" BEFORE UPDATE OF "updated_at" ON "schedule_schedules" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "seat_seats_bump_version" BEFORE UPDATE OF "updated_at" ON "seat_seats" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "shuttle_lines_bump_version" BEFORE UPDATE OF "updated_at" ON "shuttle_lines" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();--> statement-breakpoint
CREATE TRIGGER "team_teams_bump_version" BEFORE UPDATE OF "updated_at" ON "team_teams" FOR EACH ROW EXECUTE FUNCTION zbzj_bump_version();
