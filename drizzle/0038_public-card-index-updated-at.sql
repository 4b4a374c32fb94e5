-- The public posts' card index (0036) carries their last change too: how many posts the public
-- reads and the newest change among them (`publishedPostsSummary`), and each tag's newest change
-- (`listPublishedTags`), the sitemap's first files, are read from it alone instead of from every
-- post's row. At 100,000 posts on PostgreSQL, with each row holding its search document (0037):
-- the count 156 -> 25 ms, the tags' 209 -> 147 ms (docs/decisions/0068).
DROP INDEX IF EXISTS "blog_posts_public_card_idx";--> statement-breakpoint
CREATE INDEX "blog_posts_public_card_idx" ON "blog_posts" USING btree ("id") INCLUDE ("category","published_at","created_at","updated_at") WHERE "blog_posts"."published" and "blog_posts"."deleted_at" is null;
