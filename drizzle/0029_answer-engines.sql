CREATE TABLE "ai_crawls" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"crawler" text NOT NULL,
	"fetches" integer NOT NULL,
	CONSTRAINT "ai_crawls_day_path_crawler_pk" PRIMARY KEY("day","path","crawler")
);
--> statement-breakpoint
CREATE TABLE "answer_engine_visits" (
	"day" date NOT NULL,
	"landing" text NOT NULL,
	"engine" text NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "answer_engine_visits_day_landing_engine_pk" PRIMARY KEY("day","landing","engine")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "answer_engine" text;