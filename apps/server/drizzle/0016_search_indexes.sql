DROP INDEX "orders_order_number_lower_idx";--> statement-breakpoint
DROP INDEX "orders_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "accounts_name_fold_trgm_idx" ON "accounts" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_fold_trgm_idx" ON "accounts" USING gin (search_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_declarations_search_trgm_idx" ON "item_declarations" USING gin (search_fold("sku_number" || chr(10) || "name" || chr(10) || "ref_name" || chr(10) || "item_description" || chr(10) || coalesce("hs_code", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_fold_idx" ON "orders" USING btree (search_fold("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_fold_trgm_idx" ON "orders" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin (search_digits("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_fold_trgm_idx" ON "users" USING gin (search_fold("username") gin_trgm_ops);