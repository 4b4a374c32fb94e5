ALTER TABLE "leads" ADD COLUMN "last_referrer" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_utm_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_utm_medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_utm_campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_answer_engine" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_currency" text;--> statement-breakpoint
-- Leads stored before last touch was kept: their only known touch is the first (docs/decisions/0058).
UPDATE "leads" SET "last_referrer" = "referrer", "last_utm_source" = "utm_source", "last_utm_medium" = "utm_medium", "last_utm_campaign" = "utm_campaign", "last_answer_engine" = "answer_engine";
