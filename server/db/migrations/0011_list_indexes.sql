DROP INDEX "contract_contracts_project_created_at_idx";--> statement-breakpoint
DROP INDEX "contract_contracts_sign_date_idx";--> statement-breakpoint
DROP INDEX "contract_contracts_customer_id_sign_date_idx";--> statement-breakpoint
DROP INDEX "contract_contracts_audit_status_sign_date_idx";--> statement-breakpoint
DROP INDEX "crm_contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_customers_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_customers_level_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_customers_type_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_customers_industry_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_quotations_project_created_at_idx";--> statement-breakpoint
DROP INDEX "crm_quotations_quote_date_idx";--> statement-breakpoint
DROP INDEX "crm_quotations_customer_id_quote_date_idx";--> statement-breakpoint
DROP INDEX "exhibitor_exhibitors_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "exhibitor_exhibitors_booth_no_idx";--> statement-breakpoint
DROP INDEX "finance_invoices_project_created_at_idx";--> statement-breakpoint
DROP INDEX "finance_invoices_apply_date_idx";--> statement-breakpoint
DROP INDEX "finance_invoices_status_apply_date_idx";--> statement-breakpoint
DROP INDEX "finance_receivables_project_created_at_idx";--> statement-breakpoint
DROP INDEX "finance_receivables_created_at_idx";--> statement-breakpoint
DROP INDEX "finance_receivables_contract_id_kind_idx";--> statement-breakpoint
DROP INDEX "finance_vouchers_voucher_date_idx";--> statement-breakpoint
DROP INDEX "gate_checkins_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "gate_checkins_checked_at_idx";--> statement-breakpoint
DROP INDEX "gate_checkins_gate_id_checked_at_idx";--> statement-breakpoint
DROP INDEX "gate_gates_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "goods_coupons_project_created_at_idx";--> statement-breakpoint
DROP INDEX "goods_goods_project_created_at_idx";--> statement-breakpoint
DROP INDEX "goods_goods_category_created_at_idx";--> statement-breakpoint
DROP INDEX "goods_prices_project_created_at_idx";--> statement-breakpoint
DROP INDEX "goods_prices_start_date_idx";--> statement-breakpoint
DROP INDEX "order_orders_project_created_at_idx";--> statement-breakpoint
DROP INDEX "order_orders_order_date_idx";--> statement-breakpoint
DROP INDEX "order_orders_status_order_date_idx";--> statement-breakpoint
DROP INDEX "pay_payments_project_created_at_idx";--> statement-breakpoint
DROP INDEX "pay_payments_pay_date_idx";--> statement-breakpoint
DROP INDEX "person_persons_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "person_persons_name_idx";--> statement-breakpoint
DROP INDEX "person_persons_status_created_at_idx";--> statement-breakpoint
DROP INDEX "person_persons_checked_in_at_idx";--> statement-breakpoint
DROP INDEX "schedule_schedules_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "schedule_schedules_day_hall_start_time_idx";--> statement-breakpoint
DROP INDEX "seat_seats_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "seat_seats_hall_row_no_seat_no_idx";--> statement-breakpoint
DROP INDEX "shuttle_lines_activity_created_at_idx";--> statement-breakpoint
DROP INDEX "team_teams_project_created_at_idx";--> statement-breakpoint
DROP INDEX "team_teams_created_at_idx";--> statement-breakpoint
CREATE INDEX "contract_contracts_amount_sort_idx" ON "contract_contracts" USING btree ("organiser_id","amount","id","project_id","customer_id","audit_status","status");--> statement-breakpoint
CREATE INDEX "contract_contracts_scope_idx" ON "contract_contracts" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_name_sort_idx" ON "crm_contacts" USING btree ("organiser_id","name","id","customer_id","is_primary");--> statement-breakpoint
CREATE INDEX "crm_contacts_scope_idx" ON "crm_contacts" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "crm_customers_name_sort_idx" ON "crm_customers" USING btree ("organiser_id","name","id","type","level","industry","status");--> statement-breakpoint
CREATE INDEX "crm_customers_level_sort_idx" ON "crm_customers" USING btree ("organiser_id","level","id","type","industry","status");--> statement-breakpoint
CREATE INDEX "crm_customers_scope_idx" ON "crm_customers" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "crm_quotations_total_amount_sort_idx" ON "crm_quotations" USING btree ("organiser_id","total_amount","id","project_id","customer_id","status");--> statement-breakpoint
CREATE INDEX "crm_quotations_scope_idx" ON "crm_quotations" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_activity_booth_no_sort_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","activity_id","booth_no","id","project_id","customer_id","booth_type","first_time","status");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_activity_area_sort_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","activity_id","area","id","project_id","customer_id","booth_type","first_time","status");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_activity_move_in_at_sort_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","activity_id","move_in_at","id","project_id","customer_id","booth_type","first_time","status");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_scope_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "finance_invoices_amount_sort_idx" ON "finance_invoices" USING btree ("organiser_id","amount","id","project_id","contract_id","customer_id","type","status");--> statement-breakpoint
CREATE INDEX "finance_invoices_issue_date_sort_idx" ON "finance_invoices" USING btree ("organiser_id","issue_date","id","project_id","contract_id","customer_id","type","status");--> statement-breakpoint
CREATE INDEX "finance_invoices_scope_idx" ON "finance_invoices" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "finance_receivables_amount_sort_idx" ON "finance_receivables" USING btree ("organiser_id","amount","id","project_id","contract_id","customer_id","kind","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_receivables_plan_date_sort_idx" ON "finance_receivables" USING btree ("organiser_id","plan_date","id","project_id","contract_id","customer_id","kind","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_receivables_received_date_sort_idx" ON "finance_receivables" USING btree ("organiser_id","received_date","id","project_id","contract_id","customer_id","kind","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_receivables_scope_idx" ON "finance_receivables" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "finance_vouchers_amount_sort_idx" ON "finance_vouchers" USING btree ("organiser_id","amount","id","word","audit_status");--> statement-breakpoint
CREATE INDEX "finance_vouchers_scope_idx" ON "finance_vouchers" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "gate_checkins_activity_checked_at_sort_idx" ON "gate_checkins" USING btree ("organiser_id","activity_id","checked_at","id","project_id","person_id","gate_id","direction");--> statement-breakpoint
CREATE INDEX "gate_checkins_scope_idx" ON "gate_checkins" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "gate_gates_activity_name_sort_idx" ON "gate_gates" USING btree ("organiser_id","activity_id","name","id","project_id","direction","status");--> statement-breakpoint
CREATE INDEX "gate_gates_scope_idx" ON "gate_gates" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "goods_coupons_created_at_sort_idx" ON "goods_coupons" USING btree ("organiser_id","created_at","id","project_id","type","status");--> statement-breakpoint
CREATE INDEX "goods_coupons_start_date_sort_idx" ON "goods_coupons" USING btree ("organiser_id","start_date","id","project_id","type","status");--> statement-breakpoint
CREATE INDEX "goods_coupons_end_date_sort_idx" ON "goods_coupons" USING btree ("organiser_id","end_date","id","project_id","type","status");--> statement-breakpoint
CREATE INDEX "goods_coupons_scope_idx" ON "goods_coupons" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "goods_goods_created_at_sort_idx" ON "goods_goods" USING btree ("organiser_id","created_at","id","project_id","category","status");--> statement-breakpoint
CREATE INDEX "goods_goods_name_sort_idx" ON "goods_goods" USING btree ("organiser_id","name","id","project_id","category","status");--> statement-breakpoint
CREATE INDEX "goods_goods_list_price_sort_idx" ON "goods_goods" USING btree ("organiser_id","list_price","id","project_id","category","status");--> statement-breakpoint
CREATE INDEX "goods_goods_scope_idx" ON "goods_goods" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "goods_prices_price_sort_idx" ON "goods_prices" USING btree ("organiser_id","price","id","project_id","goods_id");--> statement-breakpoint
CREATE INDEX "goods_prices_end_date_sort_idx" ON "goods_prices" USING btree ("organiser_id","end_date","id","project_id","goods_id");--> statement-breakpoint
CREATE INDEX "goods_prices_scope_idx" ON "goods_prices" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "merchant_merchants_created_at_sort_idx" ON "merchant_merchants" USING btree ("organiser_id","created_at","id","channel","status");--> statement-breakpoint
CREATE INDEX "merchant_merchants_scope_idx" ON "merchant_merchants" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "notice_notices_updated_at_sort_idx" ON "notice_notices" USING btree ("organiser_id","updated_at","id","category","audience","status");--> statement-breakpoint
CREATE INDEX "notice_notices_published_at_sort_idx" ON "notice_notices" USING btree ("organiser_id","published_at","id","category","audience","status");--> statement-breakpoint
CREATE INDEX "notice_notices_scope_idx" ON "notice_notices" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "order_orders_total_amount_sort_idx" ON "order_orders" USING btree ("organiser_id","total_amount","id","project_id","channel","status");--> statement-breakpoint
CREATE INDEX "order_orders_pay_amount_sort_idx" ON "order_orders" USING btree ("organiser_id","pay_amount","id","project_id","channel","status");--> statement-breakpoint
CREATE INDEX "order_orders_scope_idx" ON "order_orders" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "pay_payments_amount_sort_idx" ON "pay_payments" USING btree ("organiser_id","amount","id","project_id","order_id","merchant_id","status");--> statement-breakpoint
CREATE INDEX "pay_payments_scope_idx" ON "pay_payments" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "person_persons_activity_name_sort_idx" ON "person_persons" USING btree ("organiser_id","activity_id","name","id","project_id","kind","source","checkin_status","status");--> statement-breakpoint
CREATE INDEX "person_persons_activity_checked_in_at_sort_idx" ON "person_persons" USING btree ("organiser_id","activity_id","checked_in_at","id","project_id","kind","source","checkin_status","status");--> statement-breakpoint
CREATE INDEX "person_persons_scope_idx" ON "person_persons" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_day_sort_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","day","id","project_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_start_time_sort_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","start_time","id","project_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_scope_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_row_no_sort_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","row_no","id","project_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_seat_no_sort_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","seat_no","id","project_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_scope_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "shuttle_lines_activity_depart_at_sort_idx" ON "shuttle_lines" USING btree ("organiser_id","activity_id","depart_at","id","project_id");--> statement-breakpoint
CREATE INDEX "shuttle_lines_scope_idx" ON "shuttle_lines" USING btree ("organiser_id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "team_teams_name_sort_idx" ON "team_teams" USING btree ("organiser_id","name","id","project_id","category","status");--> statement-breakpoint
CREATE INDEX "team_teams_scope_idx" ON "team_teams" USING btree ("organiser_id","project_id");--> statement-breakpoint
CREATE INDEX "contract_contracts_project_created_at_idx" ON "contract_contracts" USING btree ("organiser_id","project_id","created_at","id","customer_id","audit_status","status");--> statement-breakpoint
CREATE INDEX "contract_contracts_sign_date_idx" ON "contract_contracts" USING btree ("organiser_id","sign_date","id","project_id","customer_id","audit_status","status");--> statement-breakpoint
CREATE INDEX "contract_contracts_customer_id_sign_date_idx" ON "contract_contracts" USING btree ("organiser_id","customer_id","sign_date","id","project_id","audit_status","status");--> statement-breakpoint
CREATE INDEX "contract_contracts_audit_status_sign_date_idx" ON "contract_contracts" USING btree ("organiser_id","audit_status","sign_date","id","project_id","customer_id","status");--> statement-breakpoint
CREATE INDEX "crm_contacts_created_at_idx" ON "crm_contacts" USING btree ("organiser_id","created_at","id","customer_id","is_primary");--> statement-breakpoint
CREATE INDEX "crm_customers_created_at_idx" ON "crm_customers" USING btree ("organiser_id","created_at","id","type","level","industry","status");--> statement-breakpoint
CREATE INDEX "crm_customers_level_created_at_idx" ON "crm_customers" USING btree ("organiser_id","level","created_at","id","type","industry","status");--> statement-breakpoint
CREATE INDEX "crm_customers_type_created_at_idx" ON "crm_customers" USING btree ("organiser_id","type","created_at","id","level","industry","status");--> statement-breakpoint
CREATE INDEX "crm_customers_industry_created_at_idx" ON "crm_customers" USING btree ("organiser_id","industry","created_at","id","type","level","status");--> statement-breakpoint
CREATE INDEX "crm_quotations_project_created_at_idx" ON "crm_quotations" USING btree ("organiser_id","project_id","created_at","id","customer_id","status");--> statement-breakpoint
CREATE INDEX "crm_quotations_quote_date_idx" ON "crm_quotations" USING btree ("organiser_id","quote_date","id","project_id","customer_id","status");--> statement-breakpoint
CREATE INDEX "crm_quotations_customer_id_quote_date_idx" ON "crm_quotations" USING btree ("organiser_id","customer_id","quote_date","id","project_id","status");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_activity_created_at_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","activity_id","created_at","id","project_id","customer_id","booth_type","first_time","status");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibitors_booth_no_idx" ON "exhibitor_exhibitors" USING btree ("organiser_id","booth_no","id","activity_id","project_id","customer_id","booth_type","first_time","status");--> statement-breakpoint
CREATE INDEX "finance_invoices_project_created_at_idx" ON "finance_invoices" USING btree ("organiser_id","project_id","created_at","id","contract_id","customer_id","type","status");--> statement-breakpoint
CREATE INDEX "finance_invoices_apply_date_idx" ON "finance_invoices" USING btree ("organiser_id","apply_date","id","project_id","contract_id","customer_id","type","status");--> statement-breakpoint
CREATE INDEX "finance_invoices_status_apply_date_idx" ON "finance_invoices" USING btree ("organiser_id","status","apply_date","id","project_id","contract_id","customer_id","type");--> statement-breakpoint
CREATE INDEX "finance_receivables_project_created_at_idx" ON "finance_receivables" USING btree ("organiser_id","project_id","created_at","id","contract_id","customer_id","kind","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_receivables_created_at_idx" ON "finance_receivables" USING btree ("organiser_id","created_at","id","project_id","contract_id","customer_id","kind","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_receivables_contract_id_kind_idx" ON "finance_receivables" USING btree ("organiser_id","contract_id","kind","id","project_id","customer_id","confirm_status");--> statement-breakpoint
CREATE INDEX "finance_vouchers_voucher_date_idx" ON "finance_vouchers" USING btree ("organiser_id","voucher_date","id","word","audit_status");--> statement-breakpoint
CREATE INDEX "gate_checkins_activity_created_at_idx" ON "gate_checkins" USING btree ("organiser_id","activity_id","created_at","id","project_id","person_id","gate_id","direction");--> statement-breakpoint
CREATE INDEX "gate_checkins_checked_at_idx" ON "gate_checkins" USING btree ("organiser_id","checked_at","id","activity_id","project_id","person_id","gate_id","direction");--> statement-breakpoint
CREATE INDEX "gate_checkins_gate_id_checked_at_idx" ON "gate_checkins" USING btree ("organiser_id","gate_id","checked_at","id","activity_id","project_id","person_id","direction");--> statement-breakpoint
CREATE INDEX "gate_gates_activity_created_at_idx" ON "gate_gates" USING btree ("organiser_id","activity_id","created_at","id","project_id","direction","status");--> statement-breakpoint
CREATE INDEX "goods_coupons_project_created_at_idx" ON "goods_coupons" USING btree ("organiser_id","project_id","created_at","id","type","status");--> statement-breakpoint
CREATE INDEX "goods_goods_project_created_at_idx" ON "goods_goods" USING btree ("organiser_id","project_id","created_at","id","category","status");--> statement-breakpoint
CREATE INDEX "goods_goods_category_created_at_idx" ON "goods_goods" USING btree ("organiser_id","category","created_at","id","project_id","status");--> statement-breakpoint
CREATE INDEX "goods_prices_project_created_at_idx" ON "goods_prices" USING btree ("organiser_id","project_id","created_at","id","goods_id");--> statement-breakpoint
CREATE INDEX "goods_prices_start_date_idx" ON "goods_prices" USING btree ("organiser_id","start_date","id","project_id","goods_id");--> statement-breakpoint
CREATE INDEX "order_orders_project_created_at_idx" ON "order_orders" USING btree ("organiser_id","project_id","created_at","id","channel","status");--> statement-breakpoint
CREATE INDEX "order_orders_order_date_idx" ON "order_orders" USING btree ("organiser_id","order_date","id","project_id","channel","status");--> statement-breakpoint
CREATE INDEX "order_orders_status_order_date_idx" ON "order_orders" USING btree ("organiser_id","status","order_date","id","project_id","channel");--> statement-breakpoint
CREATE INDEX "pay_payments_project_created_at_idx" ON "pay_payments" USING btree ("organiser_id","project_id","created_at","id","order_id","merchant_id","status");--> statement-breakpoint
CREATE INDEX "pay_payments_pay_date_idx" ON "pay_payments" USING btree ("organiser_id","pay_date","id","project_id","order_id","merchant_id","status");--> statement-breakpoint
CREATE INDEX "person_persons_activity_created_at_idx" ON "person_persons" USING btree ("organiser_id","activity_id","created_at","id","project_id","kind","source","checkin_status","status");--> statement-breakpoint
CREATE INDEX "person_persons_name_idx" ON "person_persons" USING btree ("organiser_id","name","id","activity_id","project_id","kind","source","checkin_status","status");--> statement-breakpoint
CREATE INDEX "person_persons_status_created_at_idx" ON "person_persons" USING btree ("organiser_id","status","created_at","id","activity_id","project_id","kind","source","checkin_status");--> statement-breakpoint
CREATE INDEX "person_persons_checked_in_at_idx" ON "person_persons" USING btree ("organiser_id","checked_in_at","id","activity_id","project_id","kind","source","checkin_status","status");--> statement-breakpoint
CREATE INDEX "schedule_schedules_activity_created_at_idx" ON "schedule_schedules" USING btree ("organiser_id","activity_id","created_at","id","project_id");--> statement-breakpoint
CREATE INDEX "schedule_schedules_day_hall_start_time_idx" ON "schedule_schedules" USING btree ("organiser_id","day","hall","start_time","id","activity_id","project_id");--> statement-breakpoint
CREATE INDEX "seat_seats_activity_created_at_idx" ON "seat_seats" USING btree ("organiser_id","activity_id","created_at","id","project_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "seat_seats_hall_row_no_seat_no_idx" ON "seat_seats" USING btree ("organiser_id","hall","row_no","seat_no","id","activity_id","project_id","kind","state","person_id");--> statement-breakpoint
CREATE INDEX "shuttle_lines_activity_created_at_idx" ON "shuttle_lines" USING btree ("organiser_id","activity_id","created_at","id","project_id");--> statement-breakpoint
CREATE INDEX "team_teams_project_created_at_idx" ON "team_teams" USING btree ("organiser_id","project_id","created_at","id","category","status");--> statement-breakpoint
CREATE INDEX "team_teams_created_at_idx" ON "team_teams" USING btree ("organiser_id","created_at","id","project_id","category","status");