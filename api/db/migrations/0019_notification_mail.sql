CREATE TABLE "mail_digest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"url" text,
	"group_key" text,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_forms" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "mail_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_digest_items" ADD CONSTRAINT "mail_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_digest_items_waiting_idx" ON "mail_digest_items" USING btree ("user_id","id") WHERE "mail_digest_items"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_digest_items_waiting_group_unique" ON "mail_digest_items" USING btree ("user_id","group_key") WHERE "mail_digest_items"."mailed_at" is null and "mail_digest_items"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "mail_digest_items_group_idx" ON "mail_digest_items" USING btree ("user_id","group_key");--> statement-breakpoint
CREATE INDEX "mail_digest_items_mailed_idx" ON "mail_digest_items" USING btree ("mailed_at");