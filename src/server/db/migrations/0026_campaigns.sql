CREATE TABLE "campaign_paces" (
	"companyId" integer NOT NULL,
	"whatsappId" integer PRIMARY KEY NOT NULL,
	"lastMessageId" bigint,
	"lastDispatchAt" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_shippings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"campaignId" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"isGroup" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"variant" smallint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lastError" text,
	"scheduledFor" timestamp with time zone,
	"sentAt" timestamp with time zone,
	"confirmationRequestedAt" timestamp with time zone,
	"confirmedAt" timestamp with time zone,
	"confirmationMessageId" bigint,
	"messageId" bigint,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"scheduledAt" timestamp with time zone,
	"startedAt" timestamp with time zone,
	"completedAt" timestamp with time zone,
	"contactListId" integer,
	"tagListId" integer,
	"whatsappId" integer,
	"userId" integer,
	"queueId" integer,
	"openTicket" text DEFAULT 'disabled' NOT NULL,
	"statusTicket" text DEFAULT 'closed' NOT NULL,
	"message1" text DEFAULT '' NOT NULL,
	"message2" text DEFAULT '' NOT NULL,
	"message3" text DEFAULT '' NOT NULL,
	"message4" text DEFAULT '' NOT NULL,
	"message5" text DEFAULT '' NOT NULL,
	"confirmationMessage1" text DEFAULT '' NOT NULL,
	"confirmationMessage2" text DEFAULT '' NOT NULL,
	"confirmationMessage3" text DEFAULT '' NOT NULL,
	"confirmationMessage4" text DEFAULT '' NOT NULL,
	"confirmationMessage5" text DEFAULT '' NOT NULL,
	"mediaPath" text,
	"mediaName" text,
	"mediaMime" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "campaignId" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "scheduleId" integer;--> statement-breakpoint
ALTER TABLE "campaign_paces" ADD CONSTRAINT "campaign_paces_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_paces" ADD CONSTRAINT "campaign_paces_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_campaignId_campaigns_id_fk" FOREIGN KEY ("campaignId") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contactListId_contact_lists_id_fk" FOREIGN KEY ("contactListId") REFERENCES "public"."contact_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tagListId_tags_id_fk" FOREIGN KEY ("tagListId") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_paces_company_idx" ON "campaign_paces" USING btree ("companyId");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_settings_company_key" ON "campaign_settings" USING btree ("companyId","key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shippings_campaign_number_key" ON "campaign_shippings" USING btree ("campaignId","number");--> statement-breakpoint
CREATE INDEX "campaign_shippings_campaign_position_idx" ON "campaign_shippings" USING btree ("companyId","campaignId","state","position");--> statement-breakpoint
CREATE INDEX "campaign_shippings_awaiting_idx" ON "campaign_shippings" USING btree ("companyId","number") WHERE "campaign_shippings"."state" = 'confirmation_requested';--> statement-breakpoint
CREATE INDEX "campaigns_company_status_idx" ON "campaigns" USING btree ("companyId","status","scheduledAt","id");--> statement-breakpoint
CREATE INDEX "campaigns_company_name_idx" ON "campaigns" USING btree ("companyId","name","id");