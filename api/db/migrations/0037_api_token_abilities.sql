ALTER TABLE "api_tokens" ADD COLUMN "abilities" text[] DEFAULT '{read,events:write,check_ins:write,payments:write,team:manage}' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "last_used_ip" text;