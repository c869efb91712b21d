ALTER TABLE "event_applications" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_applications_offer_expires_idx" ON "event_applications" USING btree ("offer_expires_at") WHERE offer_expires_at is not null;--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_waitlist_offer_hours_check" CHECK ("event_forms"."waitlist_offer_hours" between 1 and 168);