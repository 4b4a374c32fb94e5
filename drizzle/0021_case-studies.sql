CREATE TABLE "case_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"client" text NOT NULL,
	"industry" text NOT NULL,
	"summary" text NOT NULL,
	"problem" text NOT NULL,
	"solution" text NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hours_before" double precision,
	"hours_after" double precision,
	"error_rate_before" double precision,
	"error_rate_after" double precision,
	"cost_before" double precision,
	"cost_after" double precision,
	"quote" text,
	"quote_author" text,
	"quote_role" text,
	"image_url" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"preview_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "case_studies_published_has_date" CHECK (not "case_studies"."published" or "case_studies"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "case_study_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_study_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_study_revisions" ADD CONSTRAINT "case_study_revisions_case_study_id_case_studies_id_fk" FOREIGN KEY ("case_study_id") REFERENCES "public"."case_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_key" ON "case_studies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "case_studies_published_idx" ON "case_studies" USING btree ("published","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_studies_trash_idx" ON "case_studies" USING btree ("deleted_at") WHERE "case_studies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "case_study_revisions_case_study_idx" ON "case_study_revisions" USING btree ("case_study_id","created_at" DESC NULLS LAST);