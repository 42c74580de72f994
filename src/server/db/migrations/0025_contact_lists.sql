CREATE TABLE "contact_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"contactListId" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"isWhatsappValid" boolean,
	"isGroup" boolean DEFAULT false NOT NULL,
	"checkedAt" timestamp with time zone,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"companyId" integer NOT NULL,
	"name" text NOT NULL,
	"createdAt" timestamp with time zone DEFAULT now() NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_contactListId_contact_lists_id_fk" FOREIGN KEY ("contactListId") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_list_items_list_number_key" ON "contact_list_items" USING btree ("companyId","contactListId","number");--> statement-breakpoint
CREATE INDEX "contact_list_items_list_name_idx" ON "contact_list_items" USING btree ("companyId","contactListId","name","id");--> statement-breakpoint
CREATE INDEX "contact_list_items_unchecked_idx" ON "contact_list_items" USING btree ("companyId","contactListId","id") WHERE "contact_list_items"."checkedAt" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_lists_company_name_key" ON "contact_lists" USING btree ("companyId",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_lists_company_name_idx" ON "contact_lists" USING btree ("companyId","name","id");