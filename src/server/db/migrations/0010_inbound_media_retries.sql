CREATE TABLE "inbound_media_retries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"connectionId" integer NOT NULL,
	"messageId" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"dueAt" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_media_retries" ADD CONSTRAINT "inbound_media_retries_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_media_retries" ADD CONSTRAINT "inbound_media_retries_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_media_retries" ADD CONSTRAINT "inbound_media_retries_messageId_messages_id_fk" FOREIGN KEY ("messageId") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_media_retries_message_idx" ON "inbound_media_retries" USING btree ("messageId");--> statement-breakpoint
CREATE INDEX "inbound_media_retries_due_idx" ON "inbound_media_retries" USING btree ("dueAt");