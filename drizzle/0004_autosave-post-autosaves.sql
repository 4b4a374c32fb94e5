CREATE TABLE "post_autosaves" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_autosaves" ADD CONSTRAINT "post_autosaves_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;