CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"users" integer DEFAULT 1 NOT NULL,
	"connections" integer DEFAULT 1 NOT NULL,
	"queues" integer DEFAULT 1 NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"isPublic" boolean DEFAULT true NOT NULL,
	"useWhatsapp" boolean DEFAULT true NOT NULL,
	"useFacebook" boolean DEFAULT true NOT NULL,
	"useInstagram" boolean DEFAULT true NOT NULL,
	"useCampaigns" boolean DEFAULT true NOT NULL,
	"useSchedules" boolean DEFAULT true NOT NULL,
	"useInternalChat" boolean DEFAULT true NOT NULL,
	"useExternalApi" boolean DEFAULT true NOT NULL,
	"useKanban" boolean DEFAULT true NOT NULL,
	"useOpenAi" boolean DEFAULT true NOT NULL,
	"useIntegrations" boolean DEFAULT true NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"paymentMethod" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"dueDate" date NOT NULL,
	"recurrence" text DEFAULT 'MENSAL' NOT NULL,
	"planId" integer NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"campaignsEnabled" boolean DEFAULT true NOT NULL,
	"numberAttendants" integer DEFAULT 1 NOT NULL,
	"numberConections" integer DEFAULT 1 NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lastLogin" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"orderQueue" integer,
	"greetingMessage" text DEFAULT '' NOT NULL,
	"outOfHoursMessage" text DEFAULT '' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_queues" (
	"companyId" integer NOT NULL,
	"userId" integer NOT NULL,
	"queueId" integer NOT NULL,
	CONSTRAINT "user_queues_userId_queueId_pk" PRIMARY KEY("userId","queueId")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"passwordHash" text NOT NULL,
	"tokenVersion" integer DEFAULT 0 NOT NULL,
	"profile" text DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"lastSeenAt" timestamp with time zone,
	"startWork" text DEFAULT '00:00' NOT NULL,
	"endWork" text DEFAULT '23:59' NOT NULL,
	"farewellMessage" text DEFAULT '' NOT NULL,
	"defaultTheme" text DEFAULT 'light' NOT NULL,
	"defaultMenu" text DEFAULT 'closed' NOT NULL,
	"whatsappId" integer,
	"profileImage" text,
	"defaultTicketsManagerWidth" integer DEFAULT 550 NOT NULL,
	"allTicket" text DEFAULT 'disable' NOT NULL,
	"allowGroup" boolean DEFAULT false NOT NULL,
	"allHistoric" text DEFAULT 'disabled' NOT NULL,
	"allUserChat" text DEFAULT 'disabled' NOT NULL,
	"userClosePendingTicket" text DEFAULT 'enabled' NOT NULL,
	"showDashboard" text DEFAULT 'disabled' NOT NULL,
	"allowRealTime" text DEFAULT 'disabled' NOT NULL,
	"allowConnections" text DEFAULT 'disabled' NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"userRating" text DEFAULT 'disabled' NOT NULL,
	"scheduleType" text DEFAULT 'disabled' NOT NULL,
	"chatBotType" text DEFAULT 'text' NOT NULL,
	"acceptCallWhatsapp" text DEFAULT 'enabled' NOT NULL,
	"userRandom" text DEFAULT 'enabled' NOT NULL,
	"sendGreetingMessageOneQueues" text DEFAULT 'enabled' NOT NULL,
	"sendSignMessage" text DEFAULT 'enabled' NOT NULL,
	"sendFarewellWaitingTicket" text DEFAULT 'disabled' NOT NULL,
	"sendGreetingAccepted" text DEFAULT 'disabled' NOT NULL,
	"sendQueuePosition" text DEFAULT 'disabled' NOT NULL,
	"acceptAudioMessageContact" text DEFAULT 'enabled' NOT NULL,
	"enableLGPD" text DEFAULT 'disabled' NOT NULL,
	"requiredTag" text DEFAULT 'disabled' NOT NULL,
	"lgpdDeleteMessage" text DEFAULT 'disabled' NOT NULL,
	"lgpdHideNumber" text DEFAULT 'disabled' NOT NULL,
	"lgpdConsent" text DEFAULT 'disabled' NOT NULL,
	"lgpdMessage" text DEFAULT '' NOT NULL,
	"lgpdLink" text DEFAULT '' NOT NULL,
	"sendMsgTransfTicket" text DEFAULT 'disabled' NOT NULL,
	"DirectTicketsToWallets" boolean DEFAULT false NOT NULL,
	"closeTicketOnTransfer" boolean DEFAULT false NOT NULL,
	"transferMessage" text DEFAULT '' NOT NULL,
	"greetingAcceptedMessage" text DEFAULT '' NOT NULL,
	"AcceptCallWhatsappMessage" text DEFAULT '' NOT NULL,
	"sendQueuePositionMessage" text DEFAULT '' NOT NULL,
	"showNotificationPending" boolean DEFAULT false NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_companyId_unique" UNIQUE("companyId")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer,
	"key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_company_key_key" UNIQUE NULLS NOT DISTINCT("companyId","key")
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ip" text NOT NULL,
	"email" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"userId" integer NOT NULL,
	"tokenHash" text NOT NULL,
	"expiresAt" timestamp with time zone NOT NULL,
	"usedAt" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_tokenHash_unique" UNIQUE("tokenHash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"userId" integer NOT NULL,
	"sessionId" uuid NOT NULL,
	"tokenHash" text NOT NULL,
	"client" text NOT NULL,
	"expiresAt" timestamp with time zone NOT NULL,
	"revokedAt" timestamp with time zone,
	"revokedReason" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_tokenHash_unique" UNIQUE("tokenHash")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_planId_plans_id_fk" FOREIGN KEY ("planId") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_key" ON "queues" USING btree ("companyId","name");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_key" ON "queues" USING btree ("companyId","color");--> statement-breakpoint
CREATE INDEX "queues_company_order_idx" ON "queues" USING btree ("companyId","orderQueue");--> statement-breakpoint
CREATE INDEX "user_queues_company_queue_idx" ON "user_queues" USING btree ("companyId","queueId");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("companyId","name");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_ip_idx" ON "auth_attempts" USING btree ("kind","ip","createdAt");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_email_idx" ON "auth_attempts" USING btree ("kind","email","createdAt");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_company_user_idx" ON "password_reset_tokens" USING btree ("companyId","userId");--> statement-breakpoint
CREATE INDEX "refresh_tokens_company_user_idx" ON "refresh_tokens" USING btree ("companyId","userId");