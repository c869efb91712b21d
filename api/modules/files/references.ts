import { and, eq, getTableColumns, inArray, is, notExists, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import * as billingSchema from "#api/db/billing-schema.ts";
import type { Db } from "#api/db/client.ts";
import * as communitySchema from "#api/db/community-schema.ts";
import * as eventsSchema from "#api/db/events-schema.ts";
import * as mailSchema from "#api/db/mail-schema.ts";
import * as realtimeSchema from "#api/db/realtime-schema.ts";
import * as accountsSchema from "#api/db/schema.ts";
import * as settingsSchema from "#api/db/settings-schema.ts";
import * as toolsSchema from "#api/db/tools-schema.ts";
import { deleteFiles } from "./released-objects.ts";

const { files } = accountsSchema;

/**
 * Every column that holds a file id (a foreign key to `files`: an avatar, a logo, a banner), found in the
 * schema rather than listed, so a file column added later is counted without anyone remembering to.
 */
export const FILE_COLUMNS: readonly PgColumn[] = [
  accountsSchema,
  eventsSchema,
  billingSchema,
  communitySchema,
  realtimeSchema,
  settingsSchema,
  toolsSchema,
  mailSchema,
]
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => getTableConfig(table).foreignKeys.map((key) => key.reference()))
  .filter((reference) => reference.foreignTable === files)
  .map((reference) => reference.columns[0]);

const tableOf = (column: PgColumn) => column.table as PgTable;
const propertyOf = (column: PgColumn) => Object.entries(getTableColumns(tableOf(column))).find(([, candidate]) => candidate === column)![0];

/**
 * Deletes the named files that no file column refers to any more. One still referenced elsewhere (the
 * same image used by two rows) stays: deleting it would quietly blank the other row's picture. An object
 * holding a deleted file's bytes is removed from the bucket once the caller's transaction commits.
 */
export async function dropUnreferencedFiles(tx: Db, ids: readonly (string | null | undefined)[]) {
  const candidates = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!candidates.length) return;
  const stillReferenced = FILE_COLUMNS.map((column) =>
    notExists(
      tx
        .select({ one: sql`1` })
        .from(tableOf(column))
        .where(eq(column, files.id)),
    ),
  );
  await deleteFiles(tx, and(inArray(files.id, candidates), ...stillReferenced));
}

/**
 * The one way to point a file column at another file (or at none): sets `column` of the rows `where`
 * matches to `fileId` and deletes the files they named before, in the caller's transaction, so a replaced
 * avatar, logo or banner stops being stored and served at its old address the moment the change commits.
 * The rows are locked first: replacements racing on one row each see the file the previous one left.
 * The lock is "no key update": the new file's own insert holds a key-share lock on its owner's row, which
 * a plain "update" lock would wait for, so two racing avatar changes would deadlock.
 */
export async function replaceFileReference(tx: Db, column: PgColumn, where: SQL | undefined, fileId: string | null) {
  const previous = await tx.select({ id: column }).from(tableOf(column)).where(where).for("no key update");
  await tx
    .update(tableOf(column))
    .set({ [propertyOf(column)]: fileId })
    .where(where);
  await dropUnreferencedFiles(
    tx,
    previous.map((row) => row.id as string | null).filter((id) => id !== fileId),
  );
}

/**
 * Deletes the rows `where` matches and, in the same transaction, the files their file columns named (see
 * dropUnreferencedFiles).
 */
export async function deleteRowsAndFiles(tx: Db, table: PgTable, where: SQL | undefined): Promise<void> {
  const columns = Object.fromEntries(
    FILE_COLUMNS.filter((column) => tableOf(column) === table).map((column) => [propertyOf(column), column]),
  );
  // Only the file columns come back; the constant keeps the returning list valid for a table without any.
  const deleted = (await tx
    .delete(table)
    .where(where)
    .returning({ ...columns, deleted: sql<number>`1` })) as Record<string, unknown>[];
  await dropUnreferencedFiles(
    tx,
    deleted.flatMap((row) => Object.keys(columns).map((name) => row[name] as string | null)),
  );
}
