-- A post page's related posts: the posts sharing a tag are ranked from this index alone (each one's
-- visibility, category and dates); only the three shown are read from the table (sharingTags).
-- INCLUDE is written here by hand (drizzle cannot declare it; the schema names the index on "id").
-- With the same columns as keys instead, the planner kept reading each post's row.
CREATE INDEX "blog_posts_public_card_idx" ON "blog_posts" USING btree ("id") INCLUDE ("category","published_at","created_at") WHERE "blog_posts"."published" and "blog_posts"."deleted_at" is null;
