ALTER TABLE "blog_posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blog_posts_trash_idx" ON "blog_posts" USING btree ("deleted_at") WHERE "blog_posts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "team_members_trash_idx" ON "team_members" USING btree ("deleted_at") WHERE "team_members"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "testimonials_trash_idx" ON "testimonials" USING btree ("deleted_at") WHERE "testimonials"."deleted_at" is not null;