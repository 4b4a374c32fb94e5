CREATE TABLE "site_content" (
	"page" text PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"content" jsonb NOT NULL,
	"kind" text NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_revisions_kind_known" CHECK ("site_content_revisions"."kind" in ('publish', 'restore'))
);
--> statement-breakpoint
CREATE INDEX "site_content_revisions_page_idx" ON "site_content_revisions" USING btree ("page","created_at" DESC NULLS LAST);