CREATE TABLE "connection_queues" (
	"companyId" integer NOT NULL,
	"connectionId" integer NOT NULL,
	"queueId" integer NOT NULL,
	CONSTRAINT "connection_queues_connectionId_queueId_pk" PRIMARY KEY("connectionId","queueId")
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'OPENING' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"isDefault" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"provider" text DEFAULT 'beta' NOT NULL,
	"greetingMessage" text DEFAULT '' NOT NULL,
	"complationMessage" text DEFAULT '' NOT NULL,
	"outOfHoursMessage" text DEFAULT '' NOT NULL,
	"ratingMessage" text DEFAULT '' NOT NULL,
	"allowGroup" boolean DEFAULT false NOT NULL,
	"groupAsTicket" text DEFAULT 'disabled' NOT NULL,
	"maxUseBotQueues" integer DEFAULT 3 NOT NULL,
	"timeUseBotQueues" integer DEFAULT 0 NOT NULL,
	"timeSendQueue" integer DEFAULT 0 NOT NULL,
	"sendIdQueue" integer,
	"expiresTicket" integer DEFAULT 0 NOT NULL,
	"whenExpiresTicket" text DEFAULT '0' NOT NULL,
	"expiresTicketNPS" integer DEFAULT 0 NOT NULL,
	"maxUseBotQueuesNPS" integer DEFAULT 3 NOT NULL,
	"expiresInactiveMessage" text DEFAULT '' NOT NULL,
	"timeInactiveMessage" integer DEFAULT 0 NOT NULL,
	"inactiveMessage" text DEFAULT '' NOT NULL,
	"timeCreateNewTicket" integer DEFAULT 0 NOT NULL,
	"greetingMediaAttachment" text,
	"importOldMessages" timestamp with time zone,
	"importRecentMessages" timestamp with time zone,
	"importOldMessagesGroups" boolean DEFAULT false NOT NULL,
	"closedTicketsPostImported" boolean DEFAULT false NOT NULL,
	"queueIdImportMessages" integer,
	"statusImportMessages" text,
	"integrationId" integer,
	"promptId" integer,
	"flowIdWelcome" integer,
	"flowIdNotPhrase" integer,
	"collectiveVacationStart" date,
	"collectiveVacationEnd" date,
	"collectiveVacationMessage" text DEFAULT '' NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wabaPhoneNumberId" text,
	"wabaBusinessAccountId" text,
	"wabaAccessTokenSealed" text,
	"wabaAppSecretSealed" text,
	"wabaVerifyTokenSealed" text,
	"facebookUserId" text,
	"facebookPageUserId" text,
	"facebookPageTokenSealed" text,
	"facebookUserTokenSealed" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_sendIdQueue_queues_id_fk" FOREIGN KEY ("sendIdQueue") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_queueIdImportMessages_queues_id_fk" FOREIGN KEY ("queueIdImportMessages") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_queues_company_queue_idx" ON "connection_queues" USING btree ("companyId","queueId");--> statement-breakpoint
CREATE INDEX "connections_company_channel_idx" ON "connections" USING btree ("companyId","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_company_channel_name_key" ON "connections" USING btree ("companyId","channel","name");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_key" ON "connections" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_company_default_key" ON "connections" USING btree ("companyId") WHERE "connections"."isDefault";--> statement-breakpoint
CREATE INDEX "connections_page_idx" ON "connections" USING btree ("facebookPageUserId");--> statement-breakpoint
CREATE INDEX "connections_waba_phone_idx" ON "connections" USING btree ("wabaPhoneNumberId");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;