CREATE TABLE "event_announcement_recipients" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "event_announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_form_id" integer NOT NULL,
	"sent_by_user_id" integer,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_announcements_audience_check" CHECK ("event_announcements"."audience" in ('confirmed', 'waitlisted', 'checked_in'))
);
--> statement-breakpoint
ALTER TABLE "event_announcement_recipients" ADD CONSTRAINT "event_announcement_recipients_announcement_id_event_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."event_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcement_recipients" ADD CONSTRAINT "event_announcement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_announcement_recipients_user_idx" ON "event_announcement_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_announcements_form_created_idx" ON "event_announcements" USING btree ("event_form_id","created_at");--> statement-breakpoint
CREATE INDEX "event_announcements_sent_by_idx" ON "event_announcements" USING btree ("sent_by_user_id");