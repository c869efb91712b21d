import { Hono } from "hono";
import { collectionSchema } from "#schemas/events.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { pathId } from "#api/lib/ids.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser } from "../auth/middleware.ts";
import {
  COLLECTION_NOT_FOUND,
  createCollection,
  deleteCollection,
  deleteCollectionSchema,
  getCollection,
  listCollections,
  updateCollection,
} from "./service.ts";

export const collectionRoutes = new Hono<AppEnv>();

const collectionId = (value: string) => pathId(value, COLLECTION_NOT_FOUND);

collectionRoutes.get("/api/v1/admin/collections", authorize("event form read"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "forms.read");
  const query = parseListQuery(c.req.url);
  const { total, data } = await listCollections(c.get("db"), startupId, query);
  return c.json(page(c.req.url, query, total, data));
});

collectionRoutes.post("/api/v1/admin/collections", authorize("event form write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "forms.manage");
  const collection = await createCollection(c.get("db"), startupId, currentUser(c), validate(collectionSchema, await readBody(c)));
  return c.json({ collection, message: "Collection created." }, 201);
});

collectionRoutes.get("/api/v1/admin/collections/:id", authorize("event form read"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "forms.read");
  return c.json({ collection: await getCollection(c.get("db"), startupId, collectionId(c.req.param("id"))) });
});

collectionRoutes.put("/api/v1/admin/collections/:id", authorize("event form write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "forms.manage");
  const id = collectionId(c.req.param("id"));
  const collection = await updateCollection(c.get("db"), startupId, currentUser(c), id, validate(collectionSchema, await readBody(c)));
  return c.json({ collection, message: "Collection updated." });
});

/** What to do with the collection's forms may come in the body or in the query string. */
collectionRoutes.delete("/api/v1/admin/collections/:id", authorize("event form write"), async (c) => {
  const startupId = ownStartupId(c.get("user"), "forms.manage");
  const id = collectionId(c.req.param("id"));
  const input = validate(deleteCollectionSchema, await readBody(c, { query: true }));
  await deleteCollection(c.get("db"), startupId, currentUser(c), id, input);
  return c.json({ message: "Collection deleted." });
});
