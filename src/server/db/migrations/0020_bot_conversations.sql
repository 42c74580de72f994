CREATE TABLE "integration_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"integrationId" integer NOT NULL,
	"message" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sessions" (
	"ticketId" integer PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"sessionId" text,
	"lastActivityAt" timestamp with time zone NOT NULL,
	"choices" jsonb,
	"failures" integer DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_turns" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"messageId" integer,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "integrationId" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "promptId" integer;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "signingSecretSealed" text;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "lastSuccessAt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "lastErrorAt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "lastError" text;--> statement-breakpoint
ALTER TABLE "integration_errors" ADD CONSTRAINT "integration_errors_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_errors" ADD CONSTRAINT "integration_errors_integrationId_queue_integrations_id_fk" FOREIGN KEY ("integrationId") REFERENCES "public"."queue_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_turns" ADD CONSTRAINT "integration_turns_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_turns" ADD CONSTRAINT "integration_turns_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_errors_company_integration_idx" ON "integration_errors" USING btree ("companyId","integrationId","createdAt");--> statement-breakpoint
CREATE INDEX "integration_turns_company_ticket_idx" ON "integration_turns" USING btree ("companyId","ticketId","id");