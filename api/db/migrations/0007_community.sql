CREATE TABLE "co_founder_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"co_founder_id" integer NOT NULL,
	"sender_user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"response_message" text,
	"title" text,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"favoritable_type" text NOT NULL,
	"favoritable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_type" text NOT NULL,
	"follower_id" integer NOT NULL,
	"followee_type" text NOT NULL,
	"followee_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "startup_details" (
	"startup_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "startup_details_startup_id_category_id_pk" PRIMARY KEY("startup_id","category_id"),
	CONSTRAINT "startup_details_category_positive" CHECK ("startup_details"."category_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"co_founder_id" integer,
	"name" text NOT NULL,
	"email" text,
	"title" text NOT NULL,
	"role" text NOT NULL,
	"equity_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "industries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "commitment" text DEFAULT 'full_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "desired_stage" text;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "looking_for" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founders" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "startups" ADD COLUMN "wanted_skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "startups" ADD COLUMN "wanted_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "co_founder_invitations" ADD CONSTRAINT "co_founder_invitations_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_founder_invitations" ADD CONSTRAINT "co_founder_invitations_co_founder_id_co_founders_id_fk" FOREIGN KEY ("co_founder_id") REFERENCES "public"."co_founders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_founder_invitations" ADD CONSTRAINT "co_founder_invitations_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_details" ADD CONSTRAINT "startup_details_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_details" ADD CONSTRAINT "startup_details_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_co_founder_id_co_founders_id_fk" FOREIGN KEY ("co_founder_id") REFERENCES "public"."co_founders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "co_founder_invitations_one_pending" ON "co_founder_invitations" USING btree ("startup_id","co_founder_id") WHERE "co_founder_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "co_founder_invitations_startup_idx" ON "co_founder_invitations" USING btree ("startup_id","status","created_at");--> statement-breakpoint
CREATE INDEX "co_founder_invitations_co_founder_idx" ON "co_founder_invitations" USING btree ("co_founder_id","status","created_at");--> statement-breakpoint
CREATE INDEX "co_founder_invitations_sender_idx" ON "co_founder_invitations" USING btree ("sender_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_unique" ON "favorites" USING btree ("user_id","favoritable_type","favoritable_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favorites_target_idx" ON "favorites" USING btree ("favoritable_type","favoritable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_pair_unique" ON "follows" USING btree ("follower_type","follower_id","followee_type","followee_id");--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_type","followee_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_type","follower_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_user_id_idx" ON "follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_startup_co_founder_unique" ON "team_members" USING btree ("startup_id","co_founder_id") WHERE "team_members"."co_founder_id" is not null;--> statement-breakpoint
CREATE INDEX "team_members_startup_created_idx" ON "team_members" USING btree ("startup_id","created_at");--> statement-breakpoint
CREATE INDEX "team_members_co_founder_id_idx" ON "team_members" USING btree ("co_founder_id");--> statement-breakpoint
CREATE INDEX "co_founders_skill_keys_idx" ON "co_founders" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "co_founders_roles_idx" ON "co_founders" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "co_founders_industries_idx" ON "co_founders" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "co_founders_country_city_idx" ON "co_founders" USING btree ("country","city_name");--> statement-breakpoint
CREATE INDEX "co_founders_commitment_idx" ON "co_founders" USING btree ("commitment");--> statement-breakpoint
CREATE INDEX "co_founders_created_idx" ON "co_founders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "co_founders_name_idx" ON "co_founders" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "startups_type_followers_idx" ON "startups" USING btree ("account_type","followers_count","id");--> statement-breakpoint
CREATE INDEX "startups_type_created_idx" ON "startups" USING btree ("account_type","created_at","id");--> statement-breakpoint
CREATE INDEX "startups_type_name_idx" ON "startups" USING btree ("account_type","name","id");--> statement-breakpoint
CREATE INDEX "startups_industry_idx" ON "startups" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "startups_stage_idx" ON "startups" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "startups_country_city_idx" ON "startups" USING btree ("country","city_name");--> statement-breakpoint
UPDATE "co_founders" SET "skill_keys" = (SELECT coalesce(array_agg(DISTINCT lower(btrim(s))), '{}') FROM jsonb_array_elements_text("skills") AS s);
