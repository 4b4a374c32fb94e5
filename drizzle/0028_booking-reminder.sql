ALTER TABLE "leads" ADD COLUMN "reminder_job_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reminder_sent_at" timestamp with time zone;