CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"currency" text,
	"event_form_id" integer,
	"max_uses" integer,
	"uses_per_user" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_discount_type_check" CHECK ("coupon_codes"."discount_type" in ('percentage', 'fixed')),
	CONSTRAINT "coupon_codes_uses_count_check" CHECK ("coupon_codes"."uses_count" >= 0 and ("coupon_codes"."max_uses" is null or "coupon_codes"."uses_count" <= "coupon_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_startup_code_unique" ON "coupon_codes" USING btree ("startup_id",lower("code"));--> statement-breakpoint
CREATE INDEX "coupon_codes_startup_created_idx" ON "coupon_codes" USING btree ("startup_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_codes_startup_valid_until_idx" ON "coupon_codes" USING btree ("startup_id","valid_until");--> statement-breakpoint
CREATE INDEX "coupon_codes_startup_uses_count_idx" ON "coupon_codes" USING btree ("startup_id","uses_count");--> statement-breakpoint
CREATE INDEX "coupon_codes_event_form_id_idx" ON "coupon_codes" USING btree ("event_form_id");