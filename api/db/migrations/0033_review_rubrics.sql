CREATE TABLE "review_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_form_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"guidance" text,
	"weight" integer NOT NULL,
	"scale_max" integer NOT NULL,
	CONSTRAINT "review_criteria_scale" CHECK ("review_criteria"."scale_max" in (5, 10))
);
--> statement-breakpoint
CREATE TABLE "review_rubrics" (
	"event_form_id" integer PRIMARY KEY NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"reviewers_per_application" integer DEFAULT 2 NOT NULL,
	"discuss_threshold" integer DEFAULT 25 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"recommendation" text,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rubrics" ADD CONSTRAINT "review_rubrics_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_application_id_event_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."event_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_criteria_form_idx" ON "review_criteria" USING btree ("event_form_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_application_reviewer_idx" ON "reviews" USING btree ("application_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id");