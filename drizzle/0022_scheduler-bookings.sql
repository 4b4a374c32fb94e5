CREATE TABLE "scheduler_bookings" (
	"uid" text PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status_before" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"booking_uid" text NOT NULL,
	"lead_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_known";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "booking_ref" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "meeting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_currency" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "scheduler_bookings" ADD CONSTRAINT "scheduler_bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_deliveries" ADD CONSTRAINT "scheduler_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduler_bookings_lead_idx" ON "scheduler_bookings" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_booking_ref_unique" UNIQUE("booking_ref");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_known" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'booked', 'held', 'won', 'lost'));