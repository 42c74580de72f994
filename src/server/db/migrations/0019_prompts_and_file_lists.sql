CREATE TABLE "prompt_usage" (
	"companyId" integer NOT NULL,
	"promptId" integer NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"promptTokens" bigint DEFAULT 0 NOT NULL,
	"completionTokens" bigint DEFAULT 0 NOT NULL,
	"totalTokens" bigint DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_usage_companyId_promptId_day_pk" PRIMARY KEY("companyId","promptId","day")
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"apiKeySealed" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"maxTokens" integer DEFAULT 100 NOT NULL,
	"temperature" double precision DEFAULT 1 NOT NULL,
	"maxMessages" integer DEFAULT 10 NOT NULL,
	"voice" text DEFAULT 'texto' NOT NULL,
	"voiceKeySealed" text,
	"voiceRegion" text DEFAULT '' NOT NULL,
	"queueId" integer,
	"promptTokens" bigint DEFAULT 0 NOT NULL,
	"completionTokens" bigint DEFAULT 0 NOT NULL,
	"totalTokens" bigint DEFAULT 0 NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_list_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"fileListId" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"path" text,
	"mediaType" text,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "promptId" integer;--> statement-breakpoint
ALTER TABLE "prompt_usage" ADD CONSTRAINT "prompt_usage_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_usage" ADD CONSTRAINT "prompt_usage_promptId_prompts_id_fk" FOREIGN KEY ("promptId") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queueId_queues_id_fk" FOREIGN KEY ("queueId") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_fileListId_file_lists_id_fk" FOREIGN KEY ("fileListId") REFERENCES "public"."file_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_company_name_idx" ON "prompts" USING btree ("companyId","name","id");--> statement-breakpoint
CREATE INDEX "prompts_company_queue_idx" ON "prompts" USING btree ("companyId","queueId");--> statement-breakpoint
CREATE INDEX "file_list_options_company_list_idx" ON "file_list_options" USING btree ("companyId","fileListId","position");--> statement-breakpoint
CREATE UNIQUE INDEX "file_lists_company_name_key" ON "file_lists" USING btree ("companyId",lower("name"));--> statement-breakpoint
CREATE INDEX "file_lists_company_name_idx" ON "file_lists" USING btree ("companyId","name","id");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_fileListId_file_lists_id_fk" FOREIGN KEY ("fileListId") REFERENCES "public"."file_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_optFileId_file_lists_id_fk" FOREIGN KEY ("optFileId") REFERENCES "public"."file_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_promptId_prompts_id_fk" FOREIGN KEY ("promptId") REFERENCES "public"."prompts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_promptId_prompts_id_fk" FOREIGN KEY ("promptId") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;