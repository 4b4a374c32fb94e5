ALTER TABLE "blog_post_totals" ADD COLUMN "posts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- blog_post_totals.posts: the posts not in the trash, kept by the triggers of drizzle/0032 beside
-- the listed counts (docs/decisions/0060). The back-office's tabs ('All', 'Published', 'Drafts',
-- 'Scheduled') and the dashboard read it with the listed count and the few scheduled posts, instead
-- of counting every post (~50 ms at 100,000 posts on PGlite).
CREATE OR REPLACE FUNCTION blog_recount_listed() RETURNS void LANGUAGE sql AS $$
  UPDATE blog_tags t SET listed_posts = s.links
    FROM (SELECT g.id, count(p.id)::int AS links
            FROM blog_tags g
            LEFT JOIN blog_post_tags pt ON pt.tag_id = g.id
            LEFT JOIN blog_posts p ON p.id = pt.post_id AND p.published AND p.deleted_at IS NULL
           GROUP BY g.id) s
   WHERE t.id = s.id AND t.listed_posts <> s.links;
  INSERT INTO blog_post_totals AS t (id, listed, listed_tags, posts)
    SELECT 1, (SELECT count(*)::int FROM blog_posts WHERE published AND deleted_at IS NULL),
              (SELECT count(*)::int FROM blog_tags WHERE listed_posts > 0),
              (SELECT count(*)::int FROM blog_posts WHERE deleted_at IS NULL)
    ON CONFLICT (id) DO UPDATE SET listed = excluded.listed, listed_tags = excluded.listed_tags, posts = excluded.posts;
$$;
--> statement-breakpoint
SELECT blog_recount_listed();
--> statement-breakpoint
-- One update of the totals' row per statement (two updates of one row in one statement would keep one).
CREATE OR REPLACE FUNCTION blog_posts_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE blog_post_totals SET listed = listed + s.added_listed, posts = posts + s.added_posts
      FROM (SELECT count(*) FILTER (WHERE published AND deleted_at IS NULL)::int AS added_listed,
                   count(*) FILTER (WHERE deleted_at IS NULL)::int AS added_posts
              FROM new_rows) s
     WHERE s.added_listed <> 0 OR s.added_posts <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT n.id, (n.published AND n.deleted_at IS NULL)::int - (o.published AND o.deleted_at IS NULL)::int AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.published AND n.deleted_at IS NULL) <> (o.published AND o.deleted_at IS NULL)
    ), site AS (
      UPDATE blog_post_totals SET listed = listed + s.listed_delta, posts = posts + s.posts_delta
        FROM (SELECT (SELECT coalesce(sum(delta), 0) FROM changed)::int AS listed_delta,
                     (SELECT coalesce(sum((n.deleted_at IS NULL)::int - (o.deleted_at IS NULL)::int), 0)
                        FROM new_rows n JOIN old_rows o ON o.id = n.id)::int AS posts_delta) s
       WHERE s.listed_delta <> 0 OR s.posts_delta <> 0
    )
    UPDATE blog_tags t SET listed_posts = t.listed_posts + s.delta
      FROM (SELECT pt.tag_id, sum(c.delta)::int AS delta FROM changed c JOIN blog_post_tags pt ON pt.post_id = c.id GROUP BY pt.tag_id) s
     WHERE t.id = s.tag_id AND s.delta <> 0;
  ELSE -- TRUNCATE (blog_post_tags goes with it)
    UPDATE blog_post_totals SET listed = 0, posts = 0 WHERE listed <> 0 OR posts <> 0;
    UPDATE blog_tags SET listed_posts = 0 WHERE listed_posts <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION blog_post_deleted_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    UPDATE blog_post_totals SET posts = posts - 1, listed = listed - OLD.published::int;
  END IF;
  IF OLD.published AND OLD.deleted_at IS NULL THEN
    UPDATE blog_tags SET listed_posts = listed_posts - 1 WHERE id IN (SELECT tag_id FROM blog_post_tags WHERE post_id = OLD.id);
  END IF;
  RETURN OLD;
END;
$$;
