CREATE TABLE "flow_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"ticketId" integer NOT NULL,
	"flowId" integer NOT NULL,
	"flowVersion" integer NOT NULL,
	"origin" text NOT NULL,
	"status" text NOT NULL,
	"currentNodeId" text NOT NULL,
	"elementIndex" integer DEFAULT 0 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invalidAttempts" integer DEFAULT 0 NOT NULL,
	"wakeups" integer DEFAULT 0 NOT NULL,
	"endReason" text,
	"startedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"lastInputAt" timestamp with time zone,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"endedAt" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flowRunId" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "flowRunId" integer;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_ticketId_tickets_id_fk" FOREIGN KEY ("ticketId") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flowId_flows_id_fk" FOREIGN KEY ("flowId") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_runs_company_ticket_idx" ON "flow_runs" USING btree ("companyId","ticketId");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_active_ticket_key" ON "flow_runs" USING btree ("ticketId") WHERE "flow_runs"."status" IN ('running', 'waiting_input', 'waiting_timer');--> statement-breakpoint
CREATE INDEX "flow_runs_waiting_idx" ON "flow_runs" USING btree ("updatedAt") WHERE "flow_runs"."status" = 'waiting_input';