CREATE TABLE "flow_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"originalName" text NOT NULL,
	"size" integer NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"companyId" integer NOT NULL,
	"flowId" integer NOT NULL,
	"version" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_versions_flowId_version_pk" PRIMARY KEY("flowId","version")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"phrase" text NOT NULL,
	"phraseKey" text NOT NULL,
	"flowId" integer NOT NULL,
	"whatsappId" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"userId" integer,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_media" ADD CONSTRAINT "flow_media_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flowId_flows_id_fk" FOREIGN KEY ("flowId") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_flowId_flows_id_fk" FOREIGN KEY ("flowId") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_whatsappId_connections_id_fk" FOREIGN KEY ("whatsappId") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_userId_users_id_fk" FOREIGN KEY ("userId") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_media_company_path_key" ON "flow_media" USING btree ("companyId","path");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_company_name_key" ON "flows" USING btree ("companyId",lower("name"));--> statement-breakpoint
CREATE INDEX "flows_company_name_idx" ON "flows" USING btree ("companyId","name","id");--> statement-breakpoint
CREATE INDEX "flow_campaigns_company_name_idx" ON "flow_campaigns" USING btree ("companyId","name","id");--> statement-breakpoint
CREATE INDEX "flow_campaigns_company_flow_idx" ON "flow_campaigns" USING btree ("companyId","flowId");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_campaigns_active_phrase_key" ON "flow_campaigns" USING btree ("companyId","whatsappId","phraseKey") WHERE "flow_campaigns"."status";--> statement-breakpoint
-- No flow existed before this migration: a stored id could name none.
UPDATE "connections" SET "flowIdWelcome" = NULL, "flowIdNotPhrase" = NULL WHERE "flowIdWelcome" IS NOT NULL OR "flowIdNotPhrase" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_flowIdWelcome_flows_id_fk" FOREIGN KEY ("flowIdWelcome") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_flowIdNotPhrase_flows_id_fk" FOREIGN KEY ("flowIdNotPhrase") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;