CREATE TABLE "analytics_daily_changes" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
-- Every change to analytics_daily, by any statement, adds one to its days' version in
-- analytics_daily_changes (docs/decisions/0038, amended 2026-11-28): the Analytics screen keeps
-- the sums of older days in memory and reads these few rows to know that one of them changed.
CREATE FUNCTION analytics_daily_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_daily_changes AS c (day) SELECT DISTINCT day FROM new_rows
      ON CONFLICT (day) DO UPDATE SET version = c.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_daily_changes AS c (day) SELECT DISTINCT day FROM old_rows
      ON CONFLICT (day) DO UPDATE SET version = c.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_daily_changes AS c (day) SELECT day FROM old_rows UNION SELECT day FROM new_rows
      ON CONFLICT (day) DO UPDATE SET version = c.version + 1;
  ELSE -- TRUNCATE: every day changed
    UPDATE analytics_daily_changes SET version = version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_daily_inserted AFTER INSERT ON analytics_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_deleted AFTER DELETE ON analytics_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_updated AFTER UPDATE ON analytics_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_truncated AFTER TRUNCATE ON analytics_daily FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_changed();
