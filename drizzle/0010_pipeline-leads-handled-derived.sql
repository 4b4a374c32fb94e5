ALTER TABLE "leads" ALTER COLUMN "handled" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "leads" drop column "handled";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "handled" boolean GENERATED ALWAYS AS ("leads"."status" <> 'new') STORED NOT NULL;