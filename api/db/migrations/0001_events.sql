CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_form_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applicant_name" text NOT NULL,
	"applicant_email" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"collection_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"banner_file_id" uuid,
	"category" text NOT NULL,
	"nature" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"venue" text,
	"online_link" text,
	"capacity" integer,
	"application_deadline" timestamp with time zone,
	"type_of_event" text NOT NULL,
	"paid_event_information" jsonb,
	"questions" jsonb NOT NULL,
	"custom_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_applications" ADD CONSTRAINT "event_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_banner_file_id_files_id_fk" FOREIGN KEY ("banner_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_startup_id_idx" ON "collections" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "collections_startup_name_idx" ON "collections" USING btree ("startup_id","name");--> statement-breakpoint
CREATE INDEX "collections_created_at_idx" ON "collections" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_applications_form_user_unique" ON "event_applications" USING btree ("event_form_id","user_id");--> statement-breakpoint
CREATE INDEX "event_applications_user_created_idx" ON "event_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_applications_form_status_idx" ON "event_applications" USING btree ("event_form_id","status");--> statement-breakpoint
CREATE INDEX "event_applications_form_submitted_idx" ON "event_applications" USING btree ("event_form_id","submitted_at");--> statement-breakpoint
CREATE INDEX "event_applications_form_name_idx" ON "event_applications" USING btree ("event_form_id","applicant_name");--> statement-breakpoint
CREATE INDEX "event_forms_startup_created_idx" ON "event_forms" USING btree ("startup_id","created_at");--> statement-breakpoint
CREATE INDEX "event_forms_collection_id_idx" ON "event_forms" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "event_forms_status_starts_idx" ON "event_forms" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "event_forms_category_idx" ON "event_forms" USING btree ("category");--> statement-breakpoint
CREATE INDEX "event_forms_nature_idx" ON "event_forms" USING btree ("nature");--> statement-breakpoint
CREATE INDEX "event_forms_banner_file_id_idx" ON "event_forms" USING btree ("banner_file_id");--> statement-breakpoint
CREATE INDEX "event_forms_created_by_idx" ON "event_forms" USING btree ("created_by_user_id");