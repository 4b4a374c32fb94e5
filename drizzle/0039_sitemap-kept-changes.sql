-- The newest change among the public posts (the sitemap's / and /blog) is read backwards from
-- blog_posts_public_changed_idx, from the newest entry, instead of from every public post's entry
-- in blog_posts_public_card_idx (~22 ms at 100,000 posts on PostgreSQL; docs/decisions/0071). It carries
-- published_at as INCLUDE (which drizzle cannot declare), so the public ones are told apart in it.
ALTER TABLE "blog_tags" ADD COLUMN "listed_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blog_posts_public_changed_idx" ON "blog_posts" USING btree ("updated_at") INCLUDE ("published_at") WHERE "blog_posts"."published" and "blog_posts"."deleted_at" is null;
--> statement-breakpoint
-- blog_tags.listed_changed_at: the newest updated_at among the listed posts carrying the tag (published
-- and not in the trash, scheduled ones included; null when none), kept beside listed_posts
-- (drizzle/0032, docs/decisions/0071). The sitemap's tag pages take their lastmod from it instead of
-- reading every tag link (~110 ms at 100,000 posts and 2,000 tags on PostgreSQL). A change that can
-- only make a tag's newest change newer (a link added, a post listed or saved) moves it forward from
-- the statement's own rows; one that may take its newest post away (a link removed or moved, a post
-- leaving the list) reads again that tag's listed posts, from the (tag_id, post_id) index and the
-- public card index.
CREATE FUNCTION blog_tags_restamp(tags uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE blog_tags t SET listed_changed_at = s.newest
    FROM (SELECT g.id, (SELECT max(p.updated_at) FROM blog_post_tags pt
                          JOIN blog_posts p ON p.id = pt.post_id AND p.published AND p.deleted_at IS NULL
                         WHERE pt.tag_id = g.id) AS newest
            FROM blog_tags g WHERE g.id = ANY(tags)) s
   WHERE t.id = s.id AND t.listed_changed_at IS DISTINCT FROM s.newest;
$$;
--> statement-breakpoint
CREATE FUNCTION blog_posts_stamp_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Listed now, and new to the list or saved later than before: its tags' newest change moves forward.
    UPDATE blog_tags t SET listed_changed_at = s.newest
      FROM (SELECT pt.tag_id, max(n.updated_at) AS newest
              FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN blog_post_tags pt ON pt.post_id = n.id
             WHERE n.published AND n.deleted_at IS NULL
               AND (NOT (o.published AND o.deleted_at IS NULL) OR n.updated_at > o.updated_at)
             GROUP BY pt.tag_id) s
     WHERE t.id = s.tag_id AND (t.listed_changed_at IS NULL OR t.listed_changed_at < s.newest);
    -- Off the list, or listed with an earlier updated_at than before: its tags are read again.
    PERFORM blog_tags_restamp(ARRAY(
      SELECT DISTINCT pt.tag_id
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN blog_post_tags pt ON pt.post_id = n.id
       WHERE o.published AND o.deleted_at IS NULL
         AND (NOT (n.published AND n.deleted_at IS NULL) OR n.updated_at < o.updated_at)));
  ELSE -- TRUNCATE (blog_post_tags goes with it)
    UPDATE blog_tags SET listed_changed_at = NULL WHERE listed_changed_at IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A post is never listed before its tags are linked: an insert of posts stamps nothing. A post
-- deleted for good takes its links with it, whose trigger below reads their tags again.
CREATE FUNCTION blog_post_tags_stamp_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE blog_tags t SET listed_changed_at = s.newest
      FROM (SELECT l.tag_id, max(p.updated_at) AS newest FROM new_rows l JOIN blog_posts p ON p.id = l.post_id
             WHERE p.published AND p.deleted_at IS NULL GROUP BY l.tag_id) s
     WHERE t.id = s.tag_id AND (t.listed_changed_at IS NULL OR t.listed_changed_at < s.newest);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM blog_tags_restamp(ARRAY(SELECT tag_id FROM old_rows UNION SELECT tag_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM blog_tags_restamp(ARRAY(SELECT DISTINCT tag_id FROM old_rows));
  ELSE -- TRUNCATE
    UPDATE blog_tags SET listed_changed_at = NULL WHERE listed_changed_at IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blog_posts_stamp_tags_updated AFTER UPDATE ON blog_posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_stamp_tags();
--> statement-breakpoint
CREATE TRIGGER blog_posts_stamp_tags_truncated AFTER TRUNCATE ON blog_posts FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_stamp_tags();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_stamp_tags_inserted AFTER INSERT ON blog_post_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_stamp_tags();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_stamp_tags_updated AFTER UPDATE ON blog_post_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_stamp_tags();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_stamp_tags_deleted AFTER DELETE ON blog_post_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_stamp_tags();
--> statement-breakpoint
CREATE TRIGGER blog_post_tags_stamp_tags_truncated AFTER TRUNCATE ON blog_post_tags FOR EACH STATEMENT EXECUTE FUNCTION blog_post_tags_stamp_tags();
--> statement-breakpoint
-- A recount (here, and after an import, which loads rows with the triggers off) stamps every tag too.
CREATE OR REPLACE FUNCTION blog_recount_listed() RETURNS void LANGUAGE sql AS $$
  UPDATE blog_tags t SET listed_posts = s.links, listed_changed_at = s.newest
    FROM (SELECT g.id, count(p.id)::int AS links, max(p.updated_at) AS newest
            FROM blog_tags g
            LEFT JOIN blog_post_tags pt ON pt.tag_id = g.id
            LEFT JOIN blog_posts p ON p.id = pt.post_id AND p.published AND p.deleted_at IS NULL
           GROUP BY g.id) s
   WHERE t.id = s.id AND (t.listed_posts <> s.links OR t.listed_changed_at IS DISTINCT FROM s.newest);
  INSERT INTO blog_post_totals AS t (id, listed, listed_tags, posts)
    SELECT 1, (SELECT count(*)::int FROM blog_posts WHERE published AND deleted_at IS NULL),
              (SELECT count(*)::int FROM blog_tags WHERE listed_posts > 0),
              (SELECT count(*)::int FROM blog_posts WHERE deleted_at IS NULL)
    ON CONFLICT (id) DO UPDATE SET listed = excluded.listed, listed_tags = excluded.listed_tags, posts = excluded.posts;
$$;
--> statement-breakpoint
SELECT blog_recount_listed();
