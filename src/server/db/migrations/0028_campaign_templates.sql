ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "templateName" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "templateLanguage" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "templateBody" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "templateParams" jsonb DEFAULT '[]'::jsonb NOT NULL;