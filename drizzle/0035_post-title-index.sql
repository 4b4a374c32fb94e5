-- /admin/analytics' top posts: the first by title among many posts read alike, walked in title order
-- (docs/decisions/0061) instead of every tied post looked up by slug and sorted.
CREATE INDEX "blog_posts_title_idx" ON "blog_posts" USING btree ("title");