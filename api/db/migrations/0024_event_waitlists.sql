ALTER TABLE "event_applications" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "waitlist_enabled" boolean DEFAULT false NOT NULL;