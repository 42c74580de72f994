CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("companyId","createdAt");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("companyId","createdAt");--> statement-breakpoint
CREATE INDEX "user_ratings_company_created_idx" ON "user_ratings" USING btree ("companyId","createdAt");