CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"projectName" text DEFAULT '' NOT NULL,
	"credentialsSealed" text,
	"language" text,
	"urlN8N" text DEFAULT '' NOT NULL,
	"typebotSlug" text DEFAULT '' NOT NULL,
	"typebotExpires" integer DEFAULT 1 NOT NULL,
	"typebotDelayMessage" integer DEFAULT 1000 NOT NULL,
	"typebotKeywordFinish" text DEFAULT '' NOT NULL,
	"typebotKeywordRestart" text DEFAULT '' NOT NULL,
	"typebotRestartMessage" text DEFAULT '' NOT NULL,
	"typebotUnknownMessage" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_integrations_company_name_key" ON "queue_integrations" USING btree ("companyId",lower("name"));--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_integrationId_queue_integrations_id_fk" FOREIGN KEY ("integrationId") REFERENCES "public"."queue_integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_optIntegrationId_queue_integrations_id_fk" FOREIGN KEY ("optIntegrationId") REFERENCES "public"."queue_integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_integrationId_queue_integrations_id_fk" FOREIGN KEY ("integrationId") REFERENCES "public"."queue_integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_integrationId_queue_integrations_id_fk" FOREIGN KEY ("integrationId") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_company_integration_idx" ON "tickets" USING btree ("companyId","integrationId") WHERE "tickets"."integrationId" IS NOT NULL;