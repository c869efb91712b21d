CREATE TABLE "event_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_application_id" integer NOT NULL,
	"event_form_id" integer NOT NULL,
	"checked_in_by_user_id" integer,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_applications" ADD COLUMN "ticket_code" text;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_event_application_id_event_applications_id_fk" FOREIGN KEY ("event_application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_checked_in_by_user_id_users_id_fk" FOREIGN KEY ("checked_in_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_check_ins_application_unique" ON "event_check_ins" USING btree ("event_application_id");--> statement-breakpoint
CREATE INDEX "event_check_ins_form_idx" ON "event_check_ins" USING btree ("event_form_id");--> statement-breakpoint
CREATE INDEX "event_check_ins_by_user_idx" ON "event_check_ins" USING btree ("checked_in_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_applications_ticket_code_unique" ON "event_applications" USING btree ("ticket_code");--> statement-breakpoint
-- Applications submitted before tickets existed get theirs now (capital hex: codes the door can still type).
UPDATE "event_applications" SET "ticket_code" = upper(substr(md5(random()::text || "id"::text), 1, 8)) WHERE "status" <> 'draft';
