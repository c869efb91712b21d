/**
 * Objects in the upload bucket that no file holds any more (api/modules/files/released-objects.ts). A row
 * is written in the transaction that let go of the object, so the object is removed only once that
 * transaction has committed, and a removal that failed is tried again by the periodic clean-up.
 */
import { integer, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./schema.ts";

export const releasedFileObjects = pgTable(
  "released_file_objects",
  {
    objectKey: text("object_key").primaryKey(),
    /** Not removed before this: a copy being moved into the bucket is held until its row names it. */
    removeAfter: timestamp("remove_after", { withTimezone: true }).notNull().defaultNow(),
    /** Removals tried and failed so far, and the last failure's message. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("released_file_objects_remove_after_idx").on(t.removeAfter)],
);
