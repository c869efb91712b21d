CREATE TABLE "ai_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "framework_canvases" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"type" text NOT NULL,
	"boxes" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "framework_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"canvas_id" integer NOT NULL,
	"version" integer NOT NULL,
	"boxes" jsonb NOT NULL,
	"saved_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"expires_at" timestamp with time zone,
	"scope" text,
	"account_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "venue_country" text;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "venue_city" text;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "meeting_provider" text;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "meeting_external_id" text;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "meeting_join_url" text;--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "meeting_created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_canvases" ADD CONSTRAINT "framework_canvases_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_canvases" ADD CONSTRAINT "framework_canvases_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_versions" ADD CONSTRAINT "framework_versions_canvas_id_framework_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."framework_canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_versions" ADD CONSTRAINT "framework_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_connections" ADD CONSTRAINT "meeting_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_requests_user_created_idx" ON "ai_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "framework_canvases_startup_type_unique" ON "framework_canvases" USING btree ("startup_id","type");--> statement-breakpoint
CREATE INDEX "framework_canvases_updated_by_idx" ON "framework_canvases" USING btree ("updated_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "framework_versions_canvas_version_unique" ON "framework_versions" USING btree ("canvas_id","version");--> statement-breakpoint
CREATE INDEX "framework_versions_saved_by_idx" ON "framework_versions" USING btree ("saved_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_slug_unique" ON "guides" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "guides_category_title_idx" ON "guides" USING btree ("category","title");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_connections_user_provider_unique" ON "meeting_connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oauth_states_user_idx" ON "oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "event_forms" ADD CONSTRAINT "event_forms_meeting_created_by_user_id_users_id_fk" FOREIGN KEY ("meeting_created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_forms_meeting_created_by_idx" ON "event_forms" USING btree ("meeting_created_by_user_id");