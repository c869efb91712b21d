DROP INDEX "event_applications_user_created_idx";--> statement-breakpoint
DROP INDEX "event_applications_form_submitted_idx";--> statement-breakpoint
CREATE INDEX "event_applications_user_created_idx" ON "event_applications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_applications_form_submitted_idx" ON "event_applications" USING btree ("event_form_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'draft';