import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import { INVALID_COLLECTION, type CollectionView, type DeleteCollectionInput } from "#schemas/collections.ts";
import type { Db } from "#api/db/client.ts";
import { qualified } from "#api/db/qualified.ts";
import { startups } from "#api/db/schema.ts";
import { collections, eventApplications, eventForms } from "#api/db/events-schema.ts";
import { eventBillings } from "#api/db/billing-schema.ts";
import { fieldError, notFound } from "#api/lib/errors.ts";
import { pageValues, sortColumn, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { listFilters, preparedPerShape, type ShapeOf } from "#api/db/embedded/prepared.ts";
import { containsPattern } from "#api/lib/like.ts";
import { deleteFormsAndFiles } from "../applications/documents.ts";
import { assertNoScopedCoupons } from "../coupons/service.ts";
import { recordActivity, type Actor } from "#api/lib/activity.ts";

export const COLLECTION_NOT_FOUND = "Collection Not Found";
const NAME_TAKEN = "The name has already been taken.";

/** Forms in the collection, counted in the same query as the collection row. */
const formsCount = sql<number>`(select count(*)::int from ${eventForms}
  where ${qualified(eventForms.collectionId)} = ${qualified(collections.id)})`;

/** Case-insensitive, and the same order on every database whatever its default collation. */
const nameOrder = sql`lower(${collections.name}) collate "C"`;

const collectionColumns = {
  id: collections.id,
  name: collections.name,
  formsCount,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

type CollectionRow = { id: number; name: string; formsCount: number; createdAt: Date; updatedAt: Date };

const collectionView = (r: CollectionRow): CollectionView => ({
  id: r.id,
  name: r.name,
  event_forms_count: Number(r.formsCount),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const COLLECTION_SORTS = ["name", "created_at", "event_forms_count"] as const;

/** The list's filters: a new one is one more entry here, read by the request, the page and its count. */
const COLLECTION_FILTERS = listFilters<ListQuery>()({
  search: { value: (query) => (query.search ? containsPattern(query.search) : undefined), where: (like) => ilike(collections.name, like) },
});

type CollectionFilterShape = ShapeOf<typeof COLLECTION_FILTERS>;
type CollectionPageShape = CollectionFilterShape & { sortBy: (typeof COLLECTION_SORTS)[number]; descending: boolean };

const collectionListWhere = (shape: CollectionFilterShape) =>
  and(eq(collections.startupId, sql.placeholder("startupId")), ...COLLECTION_FILTERS.where(shape));

/** The list page, prepared per search and order (its SQL is built once, not on every request). */
const collectionPageQuery = preparedPerShape("collection_page", (db, shape: CollectionPageShape, name) => {
  const column = { name: nameOrder, created_at: collections.createdAt, event_forms_count: formsCount }[shape.sortBy];
  const direction = shape.descending ? desc : asc;
  return db
    .select({ ...collectionColumns, listTotal: totalOver() })
    .from(collections)
    .where(collectionListWhere(shape))
    .orderBy(direction(column), direction(collections.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
});

const collectionCountQuery = preparedPerShape("collection_count", (db, shape: CollectionFilterShape, name) =>
  db.select({ n: count() }).from(collections).where(collectionListWhere(shape)).prepare(name),
);

export async function listCollections(db: Db, startupId: number, query: ListQuery): Promise<PageRows<CollectionView>> {
  const { shape: filters, values: filterValues } = COLLECTION_FILTERS.read(query);
  const values = { startupId, ...filterValues, ...pageValues(query) };
  const shape = { ...filters, sortBy: sortColumn(query.sort_by, COLLECTION_SORTS, "name"), descending: query.sort_order === "desc" };
  const rows = await collectionPageQuery(db, shape).execute(values);
  const total = await totalOf(rows, query, async () => (await collectionCountQuery(db, filters).execute(values))[0].n);
  return { total, data: rows.map(collectionView) };
}

export async function getCollection(db: Db, startupId: number, id: number): Promise<CollectionView> {
  const [row] = await db
    .select(collectionColumns)
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.startupId, startupId)));
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  return collectionView(row);
}

/** True when the collection exists and belongs to the startup. */
export async function ownsCollection(db: Db, startupId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.startupId, startupId)));
  return Boolean(row);
}

/**
 * Names are unique per startup, ignoring case. The startup row is locked first, so two requests
 * creating the same name at once run one after the other and the second one is refused. ("no key
 * update" leaves rows that merely reference the startup free to be written meanwhile.)
 */
async function assertNameFree(tx: Db, startupId: number, name: string, exceptId?: number) {
  await tx.select({ id: startups.id }).from(startups).where(eq(startups.id, startupId)).for("no key update");
  const [clash] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        eq(collections.startupId, startupId),
        sql`lower(${collections.name}) = lower(${name})`,
        exceptId ? ne(collections.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw fieldError("name", NAME_TAKEN);
}

export async function createCollection(db: Db, startupId: number, actor: Actor, input: { name: string }): Promise<CollectionView> {
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, startupId, input.name);
    const [row] = await tx.insert(collections).values({ startupId, name: input.name }).returning({ id: collections.id });
    await recordActivity(tx, { organizationId: startupId, actor, kind: "collection.created", subject: { id: row.id, label: input.name } });
    return row.id;
  });
  return getCollection(db, startupId, id);
}

export async function updateCollection(
  db: Db,
  startupId: number,
  actor: Actor,
  id: number,
  input: { name: string },
): Promise<CollectionView> {
  await getCollection(db, startupId, id);
  await db.transaction(async (tx) => {
    await assertNameFree(tx, startupId, input.name, id);
    const [before] = await tx
      .select({ name: collections.name })
      .from(collections)
      .where(and(eq(collections.id, id), eq(collections.startupId, startupId)))
      .for("update");
    if (!before) throw notFound(COLLECTION_NOT_FOUND);
    await tx
      .update(collections)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(and(eq(collections.id, id), eq(collections.startupId, startupId)));
    if (before.name !== input.name)
      await recordActivity(tx, {
        organizationId: startupId,
        actor,
        kind: "collection.updated",
        subject: { id, label: input.name },
        changes: { name: { from: before.name, to: input.name } },
      });
  });
  return getCollection(db, startupId, id);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Deletes a collection. One holding forms needs a decision: move them to another collection of the
 * same startup, or delete them with it (refused once any of them has a submitted application).
 * Everything happens in one transaction, with the collection and its forms locked.
 */
export async function deleteCollection(db: Db, startupId: number, actor: Actor, id: number, input: DeleteCollectionInput) {
  await db.transaction(async (tx) => {
    const [collection] = await tx
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .where(and(eq(collections.id, id), eq(collections.startupId, startupId)))
      .for("update");
    if (!collection) throw notFound(COLLECTION_NOT_FOUND);
    // Locking the forms also holds back new applications to them until this transaction ends.
    const forms = await tx
      .select({ id: eventForms.id, title: eventForms.title })
      .from(eventForms)
      .where(eq(eventForms.collectionId, id))
      // In a fixed order: the rows are locked, and the record lists them, the same way on either database.
      .orderBy(eventForms.id)
      .for("update");

    if (forms.length) {
      const formIds = forms.map((f) => f.id);
      if (input.forms_action === "move") {
        const target = input.target_collection_id;
        if (!target || target === id || !(await ownsCollection(tx, startupId, target))) {
          throw fieldError("target_collection_id", INVALID_COLLECTION);
        }
        await tx
          .update(eventForms)
          .set({ collectionId: target, updatedAt: sql`now()` })
          .where(inArray(eventForms.id, formIds));
        await tx
          .update(collections)
          .set({ updatedAt: sql`now()` })
          .where(eq(collections.id, target));
        await recordActivity(
          tx,
          forms.map((form) => ({
            organizationId: startupId,
            actor,
            kind: "event_form.updated" as const,
            subject: { id: form.id, label: form.title },
            eventFormId: form.id,
            changes: { collection_id: { from: id, to: target } },
          })),
        );
      } else if (input.forms_action === "delete") {
        const [submitted] = await tx
          .select({ id: eventApplications.id })
          .from(eventApplications)
          .where(and(inArray(eventApplications.eventFormId, formIds), ne(eventApplications.status, "draft")))
          .limit(1);
        if (submitted) {
          throw fieldError("forms_action", "Some of these forms have applications. Move them to another collection instead.");
        }
        await assertNoScopedCoupons(tx, formIds, "forms_action");
        const [billed] = await tx
          .select({ id: eventBillings.id })
          .from(eventBillings)
          .where(inArray(eventBillings.eventFormId, formIds))
          .limit(1);
        if (billed) throw fieldError("forms_action", "Some of these forms have billings. Move them to another collection instead.");
        // The banners and the drafts' uploaded documents go with the forms.
        await deleteFormsAndFiles(tx, formIds);
        await recordActivity(
          tx,
          forms.map((form) => ({
            organizationId: startupId,
            actor,
            kind: "event_form.deleted" as const,
            subject: { id: form.id, label: form.title },
            eventFormId: form.id,
          })),
        );
      } else {
        throw fieldError(
          "forms_action",
          `This collection holds ${plural(forms.length, "event form")}. Choose whether to move them to another collection or delete them.`,
        );
      }
    }
    await tx.delete(collections).where(eq(collections.id, id));
    await recordActivity(tx, { organizationId: startupId, actor, kind: "collection.deleted", subject: { id, label: collection.name } });
  });
}
