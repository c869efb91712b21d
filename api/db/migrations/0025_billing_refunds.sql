CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_billing_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "event_billings" DROP CONSTRAINT "event_billings_payment_status_check";--> statement-breakpoint
DROP INDEX "event_billings_paid_idx";--> statement-breakpoint
ALTER TABLE "event_billings" ADD COLUMN "refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_billing_id_event_billings_id_fk" FOREIGN KEY ("event_billing_id") REFERENCES "public"."event_billings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_billing_key_unique" ON "refunds" USING btree ("event_billing_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_requested_by_idx" ON "refunds" USING btree ("requested_by_user_id");--> statement-breakpoint
CREATE INDEX "event_billings_paid_idx" ON "event_billings" USING btree (coalesce("paid_at", "updated_at"),"event_form_id") WHERE payment_status in ('Successful', 'Partially refunded');--> statement-breakpoint
ALTER TABLE "event_billings" ADD CONSTRAINT "event_billings_refunded_check" CHECK ("event_billings"."refunded" >= 0 and "event_billings"."refunded" <= "event_billings"."total");--> statement-breakpoint
ALTER TABLE "event_billings" ADD CONSTRAINT "event_billings_payment_status_check" CHECK ("event_billings"."payment_status" in ('Pending', 'Successful', 'Failed', 'Refunded', 'Partially refunded', 'Cancelled'));