CREATE TABLE "whatsapp_session_creds" (
	"connectionId" integer PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"credsSealed" text NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_session_keys" (
	"connectionId" integer NOT NULL,
	"companyId" integer NOT NULL,
	"type" text NOT NULL,
	"keyId" text NOT NULL,
	"valueSealed" text NOT NULL,
	CONSTRAINT "whatsapp_session_keys_connectionId_type_keyId_pk" PRIMARY KEY("connectionId","type","keyId")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"channel" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"isGroup" boolean DEFAULT false NOT NULL,
	"remoteJid" text,
	"lid" text,
	"active" boolean DEFAULT true NOT NULL,
	"disableBot" boolean DEFAULT false NOT NULL,
	"acceptAudioMessage" boolean DEFAULT true NOT NULL,
	"lgpdAcceptedAt" timestamp with time zone,
	"profilePicUrl" text,
	"picturePath" text,
	"whatsappId" integer,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"userId" integer,
	"queueId" integer,
	"type" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"whatsappId" integer,
	"userId" integer,
	"queueId" integer,
	"rated" boolean DEFAULT false NOT NULL,
	"queuedAt" timestamp with time zone,
	"startedAt" timestamp with time zone,
	"closedAt" timestamp with time zone,
	"finishedAt" timestamp with time zone,
	"ratingAt" timestamp with time zone,
	"chatbotAt" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"companyId" integer NOT NULL,
	"contactId" integer NOT NULL,
	"whatsappId" integer,
	"userId" integer,
	"queueId" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text NOT NULL,
	"isGroup" boolean DEFAULT false NOT NULL,
	"isBot" boolean DEFAULT true NOT NULL,
	"unreadMessages" integer DEFAULT 0 NOT NULL,
	"lastMessage" text DEFAULT '' NOT NULL,
	"lastMessageAt" timestamp with time zone,
	"lastInboundAt" timestamp with time zone,
	"fromMe" boolean DEFAULT false NOT NULL,
	"amountUsedBotQueues" integer DEFAULT 0 NOT NULL,
	"amountUsedBotQueuesNPS" integer DEFAULT 0 NOT NULL,
	"useIntegration" boolean DEFAULT false NOT NULL,
	"integrationId" integer,
	"isActiveDemand" boolean DEFAULT false NOT NULL,
	"isOutOfHour" boolean DEFAULT false NOT NULL,
	"sendInactiveMessage" boolean DEFAULT false NOT NULL,
	"imported" timestamp with time zone,
	"lgpdSendMessageAt" timestamp with time zone,
	"lgpdAcceptedAt" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"userId" integer,
	"rate" integer NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"companyId" integer NOT NULL,
	"contactId" integer NOT NULL,
	"tagId" integer NOT NULL,
	CONSTRAINT "contact_tags_contactId_tagId_pk" PRIMARY KEY("contactId","tagId")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"kanban" integer DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"tagId" integer NOT NULL,
	CONSTRAINT "ticket_tags_ticketId_tagId_pk" PRIMARY KEY("ticketId","tagId")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"contactId" integer,
	"whatsappId" integer,
	"userId" integer,
	"wid" text,
	"body" text DEFAULT '' NOT NULL,
	"mediaType" text DEFAULT 'conversation' NOT NULL,
	"mediaPath" text,
	"mediaName" text,
	"mediaMime" text,
	"fromMe" boolean DEFAULT false NOT NULL,
	"isPrivate" boolean DEFAULT false NOT NULL,
	"isDeleted" boolean DEFAULT false NOT NULL,
	"isEdited" boolean DEFAULT false NOT NULL,
	"isForwarded" boolean DEFAULT false NOT NULL,
	"isAutomatic" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"quotedMsgId" bigint,
	"participant" text,
	"remoteJid" text,
	"dataJson" jsonb,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcription" text,
	"sendStatus" text,
	"sendAttempts" integer DEFAULT 0 NOT NULL,
	"nextAttemptAt" timestamp with time zone,
	"sendError" text,
	"idempotencyKey" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"connectionId" integer NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lastError" text,
	"receivedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"nextAttemptAt" timestamp with time zone DEFAULT now() NOT NULL,
	"processedAt" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "whatsapp_session_creds" ADD CONSTRAINT "whatsapp_session_creds_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_creds" ADD CONSTRAINT "whatsapp_session_creds_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_keys" ADD CONSTRAINT "whatsapp_session_keys_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_keys" ADD CONSTRAINT "whatsapp_session_keys_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD CONSTRAINT "ticket_trackings_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contactId_contacts_id_fk" FOREIGN KEY ("contactId") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contactId_contacts_id_fk" FOREIGN KEY ("contactId") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tagId_tags_id_fk" FOREIGN KEY ("tagId") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tagId_tags_id_fk" FOREIGN KEY ("tagId") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contactId_contacts_id_fk" FOREIGN KEY ("contactId") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD CONSTRAINT "inbound_events_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_events" ADD CONSTRAINT "inbound_events_connectionId_connections_id_fk" FOREIGN KEY ("connectionId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_channel_number_key" ON "contacts" USING btree ("companyId","channel","number");--> statement-breakpoint
CREATE INDEX "contacts_company_lid_idx" ON "contacts" USING btree ("companyId","lid") WHERE "contacts"."lid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("companyId","name");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (atende_fold("name" || ' ' || "number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_logs_company_ticket_idx" ON "ticket_logs" USING btree ("companyId","ticketId","createdAt");--> statement-breakpoint
CREATE INDEX "ticket_trackings_company_created_idx" ON "ticket_trackings" USING btree ("companyId","createdAt");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_trackings_one_open_key" ON "ticket_trackings" USING btree ("ticketId") WHERE "ticket_trackings"."finishedAt" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_key" ON "tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_key" ON "tickets" USING btree ("companyId","contactId","whatsappId") WHERE "tickets"."status" IN ('open', 'pending', 'group', 'nps', 'lgpd');--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("companyId","status","updatedAt","id");--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_idx" ON "tickets" USING btree ("companyId","userId","status","updatedAt");--> statement-breakpoint
CREATE INDEX "tickets_company_queue_status_idx" ON "tickets" USING btree ("companyId","queueId","status","updatedAt");--> statement-breakpoint
CREATE INDEX "tickets_company_contact_idx" ON "tickets" USING btree ("companyId","contactId","whatsappId","id");--> statement-breakpoint
CREATE INDEX "tickets_company_unread_idx" ON "tickets" USING btree ("companyId","status") WHERE "tickets"."unreadMessages" > 0;--> statement-breakpoint
CREATE INDEX "user_ratings_company_ticket_idx" ON "user_ratings" USING btree ("companyId","ticketId","id");--> statement-breakpoint
CREATE INDEX "contact_tags_company_tag_idx" ON "contact_tags" USING btree ("companyId","tagId");--> statement-breakpoint
CREATE INDEX "tags_company_name_idx" ON "tags" USING btree ("companyId","name");--> statement-breakpoint
CREATE INDEX "ticket_tags_company_tag_idx" ON "ticket_tags" USING btree ("companyId","tagId");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_connection_wid_key" ON "messages" USING btree ("whatsappId","wid") WHERE "messages"."wid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_idempotency_key" ON "messages" USING btree ("companyId","idempotencyKey") WHERE "messages"."idempotencyKey" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_company_ticket_idx" ON "messages" USING btree ("companyId","ticketId","createdAt","id");--> statement-breakpoint
CREATE INDEX "messages_company_created_idx" ON "messages" USING btree ("companyId","createdAt");--> statement-breakpoint
CREATE INDEX "messages_send_queue_idx" ON "messages" USING btree ("whatsappId","id") WHERE "messages"."sendStatus" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin (atende_fold("body") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inbound_events_pending_idx" ON "inbound_events" USING btree ("nextAttemptAt","id") WHERE "inbound_events"."processedAt" IS NULL;--> statement-breakpoint
CREATE INDEX "inbound_events_company_received_idx" ON "inbound_events" USING btree ("companyId","receivedAt");