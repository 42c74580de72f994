ALTER TABLE "tickets" ADD COLUMN "botOptionId" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "botVacationNotice" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "botPending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_botOptionId_chatbots_id_fk" FOREIGN KEY ("botOptionId") REFERENCES "public"."chatbots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_bot_pending_idx" ON "messages" USING btree ("companyId","ticketId","id") WHERE "messages"."botPending";