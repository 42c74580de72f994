-- Written by hand after generation: drizzle cannot declare INCLUDE columns (tickets.table.ts).
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_status_list_idx" ON "tickets" USING btree ("companyId","status","updatedAt","id") INCLUDE ("queueId","userId","whatsappId","contactId");
