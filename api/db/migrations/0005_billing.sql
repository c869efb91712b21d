CREATE TABLE "billing_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_billing_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_form_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"coupon_code_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"payment_status" text DEFAULT 'Pending' NOT NULL,
	"connect_pay_id" text,
	"provider" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_billings_payment_status_check" CHECK ("event_billings"."payment_status" in ('Pending', 'Successful', 'Failed', 'Refunded', 'Cancelled')),
	CONSTRAINT "event_billings_amounts_check" CHECK ("event_billings"."discount" >= 0 and "event_billings"."discount" <= "event_billings"."amount" and "event_billings"."total" = "event_billings"."amount" - "event_billings"."discount")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_billing_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"billing_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_status_changes" ADD CONSTRAINT "billing_status_changes_event_billing_id_event_billings_id_fk" FOREIGN KEY ("event_billing_id") REFERENCES "public"."event_billings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_status_changes" ADD CONSTRAINT "billing_status_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_billings" ADD CONSTRAINT "event_billings_event_form_id_event_forms_id_fk" FOREIGN KEY ("event_form_id") REFERENCES "public"."event_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_billings" ADD CONSTRAINT "event_billings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_billings" ADD CONSTRAINT "event_billings_coupon_code_id_coupon_codes_id_fk" FOREIGN KEY ("coupon_code_id") REFERENCES "public"."coupon_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_billing_id_event_billings_id_fk" FOREIGN KEY ("event_billing_id") REFERENCES "public"."event_billings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_status_changes_billing_idx" ON "billing_status_changes" USING btree ("event_billing_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_status_changes_user_idx" ON "billing_status_changes" USING btree ("changed_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_billings_form_user_unique" ON "event_billings" USING btree ("event_form_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_billings_connect_pay_id_unique" ON "event_billings" USING btree ("connect_pay_id");--> statement-breakpoint
CREATE INDEX "event_billings_form_created_idx" ON "event_billings" USING btree ("event_form_id","created_at");--> statement-breakpoint
CREATE INDEX "event_billings_form_status_idx" ON "event_billings" USING btree ("event_form_id","payment_status");--> statement-breakpoint
CREATE INDEX "event_billings_user_id_idx" ON "event_billings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_billings_coupon_code_id_idx" ON "event_billings" USING btree ("coupon_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_unique" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_event_billing_id_idx" ON "payments" USING btree ("event_billing_id");