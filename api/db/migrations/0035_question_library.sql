CREATE TABLE "library_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"label" text NOT NULL,
	"question" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_questions" ADD CONSTRAINT "library_questions_organization_id_startups_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_questions" ADD CONSTRAINT "library_questions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_questions_organization_label_idx" ON "library_questions" USING btree ("organization_id","label");--> statement-breakpoint
CREATE INDEX "library_questions_created_by_idx" ON "library_questions" USING btree ("created_by_user_id");