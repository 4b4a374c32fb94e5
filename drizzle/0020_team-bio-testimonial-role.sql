ALTER TABLE "team_members" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "role" text;