CREATE TABLE "chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"queueId" integer,
	"chatbotId" integer,
	"name" text NOT NULL,
	"greetingMessage" text DEFAULT '' NOT NULL,
	"queueType" text DEFAULT 'text' NOT NULL,
	"optQueueId" integer,
	"optUserId" integer,
	"optIntegrationId" integer,
	"optFileId" integer,
	"closeTicket" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_import_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"connectionId" integer NOT NULL,
	"providerId" text NOT NULL,
	"sentAt" timestamp with time zone NOT NULL,
	"envelope" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helps" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "folderSize" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "numberFileFolder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updatedAtFolder" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "tempoRoteador" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "ativarRoteador" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "integrationId" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "fileListId" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "closeTicket" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "facebookPageId" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_chatbotId_chatbots_id_fk" FOREIGN KEY ("chatbotId") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_optQueueId_queues_id_fk" FOREIGN KEY ("optQueueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_optUserId_users_id_fk" FOREIGN KEY ("optUserId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_import_items" ADD CONSTRAINT "message_import_items_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_import_items" ADD CONSTRAINT "message_import_items_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_company_queue_idx" ON "chatbots" USING btree ("companyId","queueId","position");--> statement-breakpoint
CREATE INDEX "chatbots_company_parent_idx" ON "chatbots" USING btree ("companyId","chatbotId","position");--> statement-breakpoint
CREATE INDEX "chatbots_company_opt_queue_idx" ON "chatbots" USING btree ("companyId","optQueueId");--> statement-breakpoint
CREATE INDEX "chatbots_company_opt_user_idx" ON "chatbots" USING btree ("companyId","optUserId");--> statement-breakpoint
CREATE UNIQUE INDEX "message_import_items_connection_provider_key" ON "message_import_items" USING btree ("connectionId","providerId");--> statement-breakpoint
CREATE INDEX "message_import_items_company_connection_sent_idx" ON "message_import_items" USING btree ("companyId","connectionId","sentAt","id");--> statement-breakpoint
CREATE INDEX "helps_title_id_idx" ON "helps" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "connections_facebook_page_idx" ON "connections" USING btree ("facebookPageId");