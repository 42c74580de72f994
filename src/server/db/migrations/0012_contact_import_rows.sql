CREATE TABLE "contact_import_rows" (
	"companyId" integer NOT NULL,
	"importId" integer NOT NULL,
	"row" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text,
	"tagNames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text,
	"reason" text,
	"contactId" integer,
	CONSTRAINT "contact_import_rows_companyId_importId_row_pk" PRIMARY KEY("companyId","importId","row")
);
--> statement-breakpoint
ALTER TABLE "contact_import_rows" ADD CONSTRAINT "contact_import_rows_companyId_companies_id_fk" FOREIGN KEY ("companyId") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_rows" ADD CONSTRAINT "contact_import_rows_importId_contact_import_jobs_id_fk" FOREIGN KEY ("importId") REFERENCES "public"."contact_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Finished imports keep their outcomes, now one row each.
INSERT INTO "contact_import_rows" ("companyId", "importId", "row", "name", "number", "status", "reason", "contactId")
SELECT j."companyId", j."id", r."row", coalesce(r."name", ''), coalesce(r."number", ''), r."status", r."reason", r."contactId"
FROM "contact_import_jobs" j
CROSS JOIN LATERAL jsonb_to_recordset(j."results") AS r("row" integer, "name" text, "number" text, "status" text, "reason" text, "contactId" integer)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Imports left running by a crash before jobs were durable had their rows in memory only.
UPDATE "contact_import_jobs" SET "status" = 'failed', "error" = 'ERR_INTERNAL', "finishedAt" = now() WHERE "status" = 'running';--> statement-breakpoint
ALTER TABLE "contact_import_jobs" DROP COLUMN "results";