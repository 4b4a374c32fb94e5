DROP INDEX "blog_posts_search_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" drop column "search";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("blog_posts"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("blog_posts"."excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("blog_posts"."content", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_search_english_idx" ON "blog_posts" USING gin ("search") WITH (fastupdate=false);