ALTER TABLE "case_studies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;