ALTER TABLE "contact_import_jobs" ADD COLUMN "validate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_import_jobs" ADD COLUMN "onlyNew" boolean DEFAULT false NOT NULL;