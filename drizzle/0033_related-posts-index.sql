-- A post's related posts count the tags each other post shares with it: read from (tag_id, post_id)
-- alone, the candidates no longer visit the link table's rows. It serves every read by tag that the
-- old index (tag_id) did.
CREATE INDEX "blog_post_tags_tag_post_idx" ON "blog_post_tags" USING btree ("tag_id","post_id");--> statement-breakpoint
DROP INDEX "blog_post_tags_tag_idx";
