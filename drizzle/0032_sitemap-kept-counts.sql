CREATE TABLE "blog_post_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"listed_tags" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_post_totals_one_row" CHECK ("blog_post_totals"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "blog_tags" ADD COLUMN "listed_posts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Listed posts (published and not in the trash, scheduled ones included) are counted as they change
-- (docs/decisions/0060): blog_post_totals.listed for the site, blog_tags.listed_posts for each tag,
-- and blog_post_totals.listed_tags, the tags whose listed_posts is above zero.
-- The sitemap index reads these and subtracts the few scheduled posts, instead of reading every
-- post and every tag link. blog_recount_listed() counts them all again (here, and after an import,
-- which loads rows with the triggers off).
CREATE FUNCTION blog_recount_listed() RETURNS void LANGUAGE sql AS $$
  UPDATE blog_tags t SET listed_posts = s.links
    FROM (SELECT g.id, count(p.id)::int AS links
            FROM blog_tags g
            LEFT JOIN blog_post_tags pt ON pt.tag_id = g.id
            LEFT JOIN blog_posts p ON p.id = pt.post_id AND p.published AND p.deleted_at IS NULL
           GROUP BY g.id) s
   WHERE t.id = s.id AND t.listed_posts <> s.links;
  INSERT INTO blog_post_totals AS t (id, listed, listed_tags)
    SELECT 1, (SELECT count(*)::int FROM blog_posts WHERE published AND deleted_at IS NULL),
              (SELECT count(*)::int FROM blog_tags WHERE listed_posts > 0)
    ON CONFLICT (id) DO UPDATE SET listed = excluded.listed, listed_tags = excluded.listed_tags;
$$;
--> statement-breakpoint
SELECT blog_recount_listed();
--> statement-breakpoint
-- Posts inserted or updated: a statement's rows at once (an import or a bulk publish is one update
-- of the counts, not one per row). A post is never listed before its tags are linked, so an insert
-- changes only the site's count; an update moves its tags' counts too.
CREATE FUNCTION blog_posts_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE blog_post_totals SET listed = listed + s.added
      FROM (SELECT count(*)::int AS added FROM new_rows WHERE published AND deleted_at IS NULL) s
     WHERE s.added <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT n.id, (n.published AND n.deleted_at IS NULL)::int - (o.published AND o.deleted_at IS NULL)::int AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.published AND n.deleted_at IS NULL) <> (o.published AND o.deleted_at IS NULL)
    ), site AS (
      UPDATE blog_post_totals SET listed = listed + s.delta
        FROM (SELECT sum(delta)::int AS delta FROM changed) s
       WHERE s.delta <> 0
    )
    UPDATE blog_tags t SET listed_posts = t.listed_posts + s.delta
      FROM (SELECT pt.tag_id, sum(c.delta)::int AS delta FROM changed c JOIN blog_post_tags pt ON pt.post_id = c.id GROUP BY pt.tag_id) s
     WHERE t.id = s.tag_id AND s.delta <> 0;
  ELSE -- TRUNCATE (blog_post_tags goes with it)
    UPDATE blog_post_totals SET listed = 0 WHERE listed <> 0;
    UPDATE blog_tags SET listed_posts = 0 WHERE listed_posts <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A post deleted for good: counted off before the delete cascades to its tag links, while they can
-- still be read (the links' own trigger then finds no post and changes nothing).
CREATE FUNCTION blog_post_deleted_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.published AND OLD.deleted_at IS NULL THEN
    UPDATE blog_post_totals SET listed = listed - 1;
    UPDATE blog_tags SET listed_posts = listed_posts - 1 WHERE id IN (SELECT tag_id FROM blog_post_tags WHERE post_id = OLD.id);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION blog_post_tags_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE blog_tags t SET listed_posts = t.listed_posts + s.links
      FROM (SELECT l.tag_id, count(*)::int AS links FROM new_rows l JOIN blog_posts p ON p.id = l.post_id
             WHERE p.published AND p.deleted_at IS NULL GROUP BY l.tag_id) s
     WHERE t.id = s.tag_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE blog_tags t SET listed_posts = t.listed_posts - s.links
      FROM (SELECT l.tag_id, count(*)::int AS links FROM old_rows l JOIN blog_posts p ON p.id = l.post_id
             WHERE p.published AND p.deleted_at IS NULL GROUP BY l.tag_id) s
     WHERE t.id = s.tag_id;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE blog_tags SET listed_posts = 0 WHERE listed_posts <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A tag's count going from zero to more, or back, or a tag with listed posts inserted or deleted.
CREATE FUNCTION blog_tags_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE blog_post_totals SET listed_tags = listed_tags + s.added
      FROM (SELECT count(*)::int AS added FROM new_rows WHERE listed_posts > 0) s
     WHERE s.added <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE blog_post_totals SET listed_tags = listed_tags - s.removed
      FROM (SELECT count(*)::int AS removed FROM old_rows WHERE listed_posts > 0) s
     WHERE s.removed <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE blog_post_totals SET listed_tags = listed_tags + s.delta
      FROM (SELECT sum((n.listed_posts > 0)::int - (o.listed_posts > 0)::int)::int AS delta
              FROM new_rows n JOIN old_rows o ON o.id = n.id) s
     WHERE s.delta <> 0;
  ELSE -- TRUNCATE
    UPDATE blog_post_totals SET listed_tags = 0 WHERE listed_tags <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blog_tags_listed_inserted AFTER INSERT ON blog_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_tags_listed_deleted AFTER DELETE ON blog_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_tags_listed_updated AFTER UPDATE ON blog_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_tags_listed_truncated AFTER TRUNCATE ON blog_tags FOR EACH STATEMENT EXECUTE FUNCTION blog_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_listed_inserted AFTER INSERT ON blog_posts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_listed_updated AFTER UPDATE ON blog_posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_listed_truncated AFTER TRUNCATE ON blog_posts FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_listed_deleted BEFORE DELETE ON blog_posts FOR EACH ROW EXECUTE FUNCTION blog_post_deleted_listed();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_listed_inserted AFTER INSERT ON blog_post_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_listed_deleted AFTER DELETE ON blog_post_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_listed_updated AFTER UPDATE ON blog_post_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_listed_changed();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_listed_truncated AFTER TRUNCATE ON blog_post_tags FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_listed_changed();
