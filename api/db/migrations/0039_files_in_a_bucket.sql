CREATE TABLE "released_file_objects" (
	"object_key" text PRIMARY KEY NOT NULL,
	"remove_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "object_key" text;--> statement-breakpoint
CREATE INDEX "released_file_objects_remove_after_idx" ON "released_file_objects" USING btree ("remove_after");--> statement-breakpoint
CREATE UNIQUE INDEX "files_object_key_unique" ON "files" USING btree ("object_key");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_bytes_in_one_place" CHECK (("files"."data" is null) <> ("files"."object_key" is null));