-- 消息记录 for the organisers' built-in roles (主办方员工, 主办方管理员), once: the menu and its actions, as
-- server/db/seedData.ts ROLE_GRANTS now gives a new database. A database being created has no roles yet
-- (the seed runs after the migrations) and grants them there; an admin's later removal is not undone.
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT r."id", m."id" FROM "roles" r CROSS JOIN "menus" m
WHERE r."organiser_id" IS NULL AND r."code" IN ('organiser_staff', 'organiser_admin') AND m."menu_code" = 'system_sms'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_actions" ("role_id", "action_id")
SELECT r."id", a."id" FROM "roles" r CROSS JOIN "actions" a JOIN "menus" m ON m."id" = a."menu_id"
WHERE r."organiser_id" IS NULL AND r."code" IN ('organiser_staff', 'organiser_admin') AND m."menu_code" = 'system_sms'
ON CONFLICT DO NOTHING;
