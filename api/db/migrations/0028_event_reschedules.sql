ALTER TABLE "event_forms" ADD COLUMN "previous_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "published_at" timestamp with time zone;