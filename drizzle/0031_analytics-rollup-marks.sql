CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"last_id" bigint NOT NULL
);
