import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { canvasTexts, type FrameworkDefinition } from "#schemas/frameworks/index.ts";
import {
  CANVAS_AUTOSAVE_FOLD_MINUTES,
  FRAMEWORK_NOT_FOUND,
  MAX_CANVAS_VERSIONS,
  NO_CANVAS_STARTUP,
  VERSION_NOT_FOUND,
  type CanvasVersionView,
  type CanvasView,
} from "#schemas/resources.ts";
import { frameworkByType } from "#schemas/frameworks/index.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { teamMembers } from "#api/db/community-schema.ts";
import { startups, users } from "#api/db/schema.ts";
import { frameworkCanvases, frameworkVersions, type CanvasBoxes } from "#api/db/tools-schema.ts";
import { HttpError, notFound } from "#api/lib/errors.ts";
import { pageValues, totalOf, totalOver, type ListQuery, type PageRows } from "#api/lib/pagination.ts";
import { preparedPerDb } from "#api/db/embedded/prepared.ts";
import { organizationAccess, type OrganizationCaller } from "#api/lib/owner.ts";

/** The startup a canvas is saved for. */
export interface CanvasStartup {
  id: number;
  name: string;
  /** What the AI helper's prompts say about the startup (see CanvasView). */
  description: string;
  industry: string;
  stage: string | null;
}

const startupColumns = {
  id: startups.id,
  name: startups.name,
  description: startups.description,
  industry: startups.industry,
  stage: startups.stage,
};

/** The framework named in a path, or 404 "Framework not found". */
export function findFramework(type: string | undefined): FrameworkDefinition {
  const framework = frameworkByType(type);
  if (!framework) throw notFound(FRAMEWORK_NOT_FOUND);
  return framework;
}

/**
 * Whose canvases the caller works on: their own startup or organization (users.startup_id), else, for a
 * co-founder, the startup whose team they joined first. Never a startup named by the request, so no
 * request can reach another startup's canvas. Null: nobody's (see NO_CANVAS_STARTUP).
 */
const ownStartupQuery = preparedPerDb((db) =>
  db
    .select(startupColumns)
    .from(startups)
    .where(eq(startups.id, sql.placeholder("id")))
    .prepare("canvas_own_startup"),
);

/**
 * The startup whose canvases the caller works on: the organization they act for when their role there may
 * edit its profile, else the first team a co-founder is on.
 */
export async function canvasStartup(db: Db, user: OrganizationCaller & Pick<AuthUser, "coFounderId">): Promise<CanvasStartup | null> {
  const own = organizationAccess(user, "organization.profile");
  if (own) {
    const [row] = await ownStartupQuery(db).execute({ id: own.organizationId });
    return row ?? null;
  }
  if (!user.coFounderId) return null;
  const [team] = await db
    .select(startupColumns)
    .from(teamMembers)
    .innerJoin(startups, eq(startups.id, teamMembers.startupId))
    .where(eq(teamMembers.coFounderId, user.coFounderId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id))
    .limit(1);
  return team ?? null;
}

/** `canvasStartup`, or 403 with the reason. */
export async function requireCanvasStartup(db: Db, user: AuthUser): Promise<CanvasStartup> {
  const startup = await canvasStartup(db, user);
  if (!startup) throw new HttpError(403, NO_CANVAS_STARTUP);
  return startup;
}

/** A canvas is found by startup and type (its scope), here as a prepared query's placeholders. */
const canvasScope = and(eq(frameworkCanvases.startupId, sql.placeholder("startupId")), eq(frameworkCanvases.type, sql.placeholder("type")));

const canvasQuery = preparedPerDb((db) =>
  db
    .select({
      boxes: frameworkCanvases.boxes,
      version: frameworkCanvases.version,
      updatedAt: frameworkCanvases.updatedAt,
      updatedById: users.id,
      updatedByName: users.name,
    })
    .from(frameworkCanvases)
    .leftJoin(users, eq(users.id, frameworkCanvases.updatedByUserId))
    .where(canvasScope)
    .prepare("canvas"),
);

/** The startup's canvas of the framework; an unsaved one is every box empty at version 0. */
export async function getCanvas(db: Db, startup: CanvasStartup, framework: FrameworkDefinition): Promise<CanvasView> {
  const [row] = await canvasQuery(db).execute({ startupId: startup.id, type: framework.type });
  return {
    type: framework.type,
    startup,
    // Only the framework's current boxes: one dropped from a definition stays out of sight.
    boxes: canvasTexts(framework, row?.boxes ?? {}),
    version: row?.version ?? 0,
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedById ? { id: row.updatedById, name: row.updatedByName! } : null,
  };
}

/** Each framework type the startup has saved, with its version and when (for the catalogue). */
const canvasStatesQuery = preparedPerDb((db) =>
  db
    .select({ type: frameworkCanvases.type, version: frameworkCanvases.version, updatedAt: frameworkCanvases.updatedAt })
    .from(frameworkCanvases)
    .where(eq(frameworkCanvases.startupId, sql.placeholder("startupId")))
    .prepare("canvas_states"),
);

export async function canvasStates(db: Db, startupId: number) {
  const rows = await canvasStatesQuery(db).execute({ startupId });
  return new Map(rows.map((row) => [row.type, { version: row.version, updated_at: row.updatedAt.toISOString() }]));
}

/** How a save is made: see canvasSaveSchema and frameworkVersions.kept. */
export interface SaveOptions {
  /** The version the text was edited from: a save on top of an older one is refused (409). */
  baseVersion?: number;
  /** The editor saved by itself: may fold into the newest version instead of adding one. */
  autosave?: boolean;
}

/**
 * Saves the boxes as the canvas's next version, in one transaction: the canvas row is inserted or bumped
 * (the row lock orders concurrent saves, so version numbers never repeat) and the version row written.
 * Boxes equal to the current ones (jsonb equality: key order does not matter) make no new version. An
 * autosave may fold into the newest version (foldOrAddVersion), and the canvas keeps at most
 * MAX_CANVAS_VERSIONS versions (pruneVersions), both under the same lock.
 */
export async function saveCanvas(
  db: Db,
  startup: CanvasStartup,
  framework: FrameworkDefinition,
  userId: number,
  boxes: CanvasBoxes,
  options: SaveOptions = {},
) {
  const { baseVersion, autosave = false } = options;
  return db.transaction(async (tx) => {
    // The base-version check sits in the same conditional update, so a save racing a restore cannot slip between a read and the write.
    const unchanged = sql`${frameworkCanvases.boxes} is distinct from excluded.boxes`;
    const setWhere = baseVersion === undefined ? unchanged : and(unchanged, eq(frameworkCanvases.version, baseVersion));
    const [saved] = await tx
      .insert(frameworkCanvases)
      .values({ startupId: startup.id, type: framework.type, boxes, version: 1, updatedByUserId: userId })
      .onConflictDoUpdate({
        target: [frameworkCanvases.startupId, frameworkCanvases.type],
        set: { boxes, version: sql`${frameworkCanvases.version} + 1`, updatedByUserId: userId, updatedAt: sql`now()` },
        setWhere,
      })
      .returning({ id: frameworkCanvases.id, version: frameworkCanvases.version });
    if (!saved) {
      if (baseVersion !== undefined) {
        const [current] = await tx
          .select({ version: frameworkCanvases.version })
          .from(frameworkCanvases)
          .where(and(eq(frameworkCanvases.startupId, startup.id), eq(frameworkCanvases.type, framework.type)));
        if (current && current.version !== baseVersion) throw new HttpError(409, canvasStale(baseVersion, current.version));
      }
      return { changed: false };
    }
    // A folded autosave adds no version, so only an inserted one can take the canvas past the limit.
    if (await foldOrAddVersion(tx, { canvasId: saved.id, version: saved.version, boxes, userId, autosave }))
      await pruneVersions(tx, saved.id, saved.version);
    return { changed: true };
  });
}

/**
 * Writes the saved text as version `version`. An autosave replaces the newest version instead (renumbered
 * to `version`, so the canvas's number and the newest row's stay equal) when that one is an autosave by
 * the same person started less than CANVAS_AUTOSAVE_FOLD_MINUTES ago. The caller holds the canvas row lock.
 * Answers whether a version row was added.
 */
async function foldOrAddVersion(
  tx: Db,
  save: { canvasId: number; version: number; boxes: CanvasBoxes; userId: number; autosave: boolean },
): Promise<boolean> {
  if (save.autosave) {
    const folded = await tx
      .update(frameworkVersions)
      .set({ version: save.version, boxes: save.boxes, updatedAt: sql`now()` })
      .where(
        and(
          eq(frameworkVersions.canvasId, save.canvasId),
          eq(frameworkVersions.version, save.version - 1),
          eq(frameworkVersions.kept, false),
          eq(frameworkVersions.savedByUserId, save.userId),
          gt(frameworkVersions.createdAt, sql`now() - make_interval(mins => ${CANVAS_AUTOSAVE_FOLD_MINUTES})`),
        ),
      )
      .returning({ id: frameworkVersions.id });
    if (folded.length) return false;
  }
  await tx
    .insert(frameworkVersions)
    .values({ canvasId: save.canvasId, version: save.version, boxes: save.boxes, savedByUserId: save.userId, kept: !save.autosave });
  return true;
}

/**
 * Keeps at most MAX_CANVAS_VERSIONS versions of the canvas: past it, the oldest autosaved versions go
 * first, then the oldest kept ones. The newest version (the canvas as it is) always stays.
 * One statement: the newest stays, then the MAX_CANVAS_VERSIONS - 1 others that come first with kept
 * ones ahead of autosaves and newer ahead of older; the rest go.
 */
async function pruneVersions(tx: Db, canvasId: number, newest: number) {
  const beyondLimit = tx
    .select({ id: frameworkVersions.id })
    .from(frameworkVersions)
    .where(and(eq(frameworkVersions.canvasId, canvasId), ne(frameworkVersions.version, newest)))
    .orderBy(desc(frameworkVersions.kept), desc(frameworkVersions.version))
    .offset(MAX_CANVAS_VERSIONS - 1);
  await tx.delete(frameworkVersions).where(inArray(frameworkVersions.id, beyondLimit));
}

/** A save made on top of a version that is no longer the newest (a restore or another tab saved since). */
export const canvasStale = (base: number, current: number) =>
  `The canvas was saved elsewhere (now version ${current}) since this text was based on version ${base}, so it was not saved. ` +
  "Copy your text, then reload the page.";

/** The canvas's saved versions, newest first; the canvas is found by startup and type (the scope). */
const versionPageQuery = preparedPerDb((db) =>
  db
    .select({
      version: frameworkVersions.version,
      boxes: frameworkVersions.boxes,
      kept: frameworkVersions.kept,
      createdAt: frameworkVersions.createdAt,
      updatedAt: frameworkVersions.updatedAt,
      savedById: users.id,
      savedByName: users.name,
      listTotal: totalOver(),
    })
    .from(frameworkVersions)
    .innerJoin(frameworkCanvases, eq(frameworkCanvases.id, frameworkVersions.canvasId))
    .leftJoin(users, eq(users.id, frameworkVersions.savedByUserId))
    .where(canvasScope)
    .orderBy(desc(frameworkVersions.version))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("canvas_version_page"),
);

const versionCountQuery = preparedPerDb((db) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(frameworkVersions)
    .innerJoin(frameworkCanvases, eq(frameworkCanvases.id, frameworkVersions.canvasId))
    .where(canvasScope)
    .prepare("canvas_version_count"),
);

export async function listVersions(
  db: Db,
  startupId: number,
  framework: FrameworkDefinition,
  query: ListQuery,
): Promise<PageRows<CanvasVersionView>> {
  const values = { startupId, type: framework.type, ...pageValues(query) };
  const rows = await versionPageQuery(db).execute(values);
  const total = await totalOf(rows, query, async () => (await versionCountQuery(db).execute(values))[0].n);
  const data: CanvasVersionView[] = rows.map((row) => ({
    version: row.version,
    boxes: canvasTexts(framework, row.boxes),
    kept: row.kept,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    saved_by: row.savedById ? { id: row.savedById, name: row.savedByName! } : null,
  }));
  return { total, data };
}

/** One saved version's boxes, or 404 "Version not found" (also for another startup's canvas). */
export async function versionBoxes(db: Db, startupId: number, framework: FrameworkDefinition, version: number): Promise<CanvasBoxes> {
  const [row] = await db
    .select({ boxes: frameworkVersions.boxes })
    .from(frameworkVersions)
    .innerJoin(frameworkCanvases, eq(frameworkCanvases.id, frameworkVersions.canvasId))
    .where(
      and(eq(frameworkCanvases.startupId, startupId), eq(frameworkCanvases.type, framework.type), eq(frameworkVersions.version, version)),
    );
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return canvasTexts(framework, row.boxes);
}
