-- Names, titles and subjects become mail headers, which may not hold a line break; the forms refuse one now,
-- and a value saved before that would make every mail naming it fail. Each run of line breaks becomes a space.
UPDATE "users" SET "name" = btrim(regexp_replace("name", E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]+', ' ', 'g')) WHERE "name" ~ E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';--> statement-breakpoint
UPDATE "startups" SET "name" = btrim(regexp_replace("name", E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]+', ' ', 'g')) WHERE "name" ~ E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';--> statement-breakpoint
UPDATE "co_founders" SET "name" = btrim(regexp_replace("name", E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]+', ' ', 'g')) WHERE "name" ~ E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';--> statement-breakpoint
UPDATE "event_forms" SET "title" = btrim(regexp_replace("title", E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]+', ' ', 'g')) WHERE "title" ~ E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';--> statement-breakpoint
UPDATE "event_announcements" SET "subject" = btrim(regexp_replace("subject", E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]+', ' ', 'g')) WHERE "subject" ~ E'[\\r\\n\\v\\f\\u0085\\u2028\\u2029]';
