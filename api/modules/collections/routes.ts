import { Hono, type MiddlewareHandler } from "hono";
import { collectionRoutes as routes } from "#schemas/contract/collections.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { ownStartupId } from "#api/lib/owner.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { COLLECTION_NOT_FOUND, createCollection, deleteCollection, getCollection, listCollections, updateCollection } from "./service.ts";

export const collectionRoutes = new Hono<AppEnv>();

const collectionId = (value: string | undefined) => pathId(value, COLLECTION_NOT_FOUND);

/** An id that can name no collection is "not found" before the body is looked at (and after the 403). */
const idFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  ownStartupId(currentUser(c), "forms.manage");
  collectionId(c.req.param("id"));
  await next();
};

serve(collectionRoutes, routes.listCollections, async (c, { query, organization }) => {
  const { total, data } = await listCollections(c.get("db"), organization.organizationId, query);
  return page(c.req.url, query, total, data);
});

serve(collectionRoutes, routes.createCollection, async (c, { body, organization }) => {
  const collection = await createCollection(c.get("db"), organization.organizationId, currentUser(c), body);
  return { collection, message: "Collection created." };
});

serve(collectionRoutes, routes.showCollection, async (c, { params, organization }) => ({
  collection: await getCollection(c.get("db"), organization.organizationId, collectionId(params.id)),
}));

serve(
  collectionRoutes,
  routes.renameCollection,
  async (c, { params, body, organization }) => {
    const collection = await updateCollection(c.get("db"), organization.organizationId, currentUser(c), collectionId(params.id), body);
    return { collection, message: "Collection updated." };
  },
  { before: [idFirst] },
);

/** What to do with the collection's forms may come in the body or in the query string. */
serve(
  collectionRoutes,
  routes.deleteCollection,
  async (c, { params, body, organization }) => {
    await deleteCollection(c.get("db"), organization.organizationId, currentUser(c), collectionId(params.id), body);
    return { message: "Collection deleted." };
  },
  { before: [idFirst], bodyFromQuery: true },
);
