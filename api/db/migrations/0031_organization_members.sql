CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"actor_id" integer,
	"actor_name" text,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer,
	"subject_label" text NOT NULL,
	"event_form_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"event_form_ids" integer[],
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_role_check" CHECK ("organization_members"."role" in ('owner', 'admin', 'reviewer', 'door', 'finance'))
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"event_form_ids" integer[],
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_startups_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_organization_id_startups_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_at_idx" ON "activities" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "activities_org_form_idx" ON "activities" USING btree ("organization_id","event_form_id");--> statement-breakpoint
CREATE INDEX "activities_org_actor_idx" ON "activities" USING btree ("organization_id","actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_org_user_unique" ON "organization_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_one_owner" ON "organization_members" USING btree ("organization_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_hash_unique" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_unique" ON "team_invitations" USING btree ("organization_id",lower("email")) WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
-- Every account acting for a startup becomes a member of it: the startup's recorded owner (or, without one,
-- its oldest account) as owner, any other account as admin, so nobody loses what they could do.
INSERT INTO "organization_members" ("organization_id", "user_id", "role", "joined_at")
SELECT u."startup_id", u."id",
  CASE WHEN u."id" = (SELECT coalesce(
    max(o."id") FILTER (WHERE o."id" = s."owner_user_id"), min(o."id")) FROM "users" o WHERE o."startup_id" = s."id") THEN 'owner' ELSE 'admin' END,
  u."created_at"
FROM "users" u INNER JOIN "startups" s ON s."id" = u."startup_id";--> statement-breakpoint
CREATE FUNCTION "activities_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activities are append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "activities_append_only" BEFORE UPDATE OR DELETE ON "activities"
  FOR EACH ROW EXECUTE FUNCTION "activities_append_only"();
