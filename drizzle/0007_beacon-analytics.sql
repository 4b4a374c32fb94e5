CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"label" text NOT NULL,
	"referrer" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_type_path_label_referrer_utm_source_utm_medium_utm_campaign_pk" PRIMARY KEY("day","type","path","label","referrer","utm_source","utm_medium","utm_campaign")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"label" text,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"landing" text
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "converted_on" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_day_idx" ON "analytics_events" USING btree ("visitor","day");