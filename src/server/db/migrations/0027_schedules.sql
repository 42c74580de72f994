CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"body" text NOT NULL,
	"sendAt" timestamp with time zone NOT NULL,
	"baseSendAt" timestamp with time zone NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"sentAt" timestamp with time zone,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"lastError" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"contactId" integer NOT NULL,
	"userId" integer,
	"whatsappId" integer,
	"openTicket" text DEFAULT 'enabled' NOT NULL,
	"statusTicket" text DEFAULT 'closed' NOT NULL,
	"ticketUserId" integer,
	"queueId" integer,
	"intervalo" smallint DEFAULT 1 NOT NULL,
	"valorIntervalo" integer DEFAULT 0 NOT NULL,
	"enviarQuantasVezes" integer DEFAULT 1 NOT NULL,
	"contadorEnvio" integer DEFAULT 0 NOT NULL,
	"tipoDias" smallint DEFAULT 4 NOT NULL,
	"assinar" boolean DEFAULT false NOT NULL,
	"mediaPath" text,
	"mediaName" text,
	"mediaMime" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contactId_contacts_id_fk" FOREIGN KEY ("contactId") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticketUserId_users_id_fk" FOREIGN KEY ("ticketUserId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_company_send_idx" ON "schedules" USING btree ("companyId","sendAt","id");--> statement-breakpoint
CREATE INDEX "schedules_company_created_idx" ON "schedules" USING btree ("companyId","createdAt","id");--> statement-breakpoint
CREATE INDEX "schedules_company_contact_idx" ON "schedules" USING btree ("companyId","contactId");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("sendAt") WHERE "schedules"."status" = 'PENDENTE';