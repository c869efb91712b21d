/** An organization's collections: the groups its event forms are kept in. */
import { z } from "zod";
import { messageAnswer, pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { collectionSaved, collectionView, deleteCollectionSchema } from "../collections.ts";
import { collectionSchema } from "../events.ts";

const reads = { feature: "event form read", organization: "forms.read" } as const;
const writes = { feature: "event form write", organization: "forms.manage" } as const;

export const collectionRoutes = apiPart("Collections", {
  listCollections: apiRoute({
    method: "GET",
    path: "/api/v1/admin/collections",
    summary:
      "List the organization's collections with how many forms each holds (search by name; sort by name, created_at or event_forms_count)",
    access: reads,
    query: listQuery,
    answer: pageOf(collectionView),
  }),
  createCollection: apiRoute({
    method: "POST",
    path: "/api/v1/admin/collections",
    summary: "Create a collection (its name unique in the organization, whatever its case)",
    access: writes,
    body: collectionSchema,
    answer: collectionSaved,
    status: 201,
  }),
  showCollection: apiRoute({
    method: "GET",
    path: "/api/v1/admin/collections/{id}",
    summary: "Show one collection",
    access: reads,
    answer: z.object({ collection: collectionView }),
    refusals: [404],
  }),
  renameCollection: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/collections/{id}",
    summary: "Rename a collection",
    access: writes,
    body: collectionSchema,
    answer: collectionSaved,
    refusals: [404],
  }),
  deleteCollection: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/collections/{id}",
    summary: "Delete a collection; the forms it holds move to another collection or go with it (its fields may come in the query)",
    access: writes,
    body: deleteCollectionSchema,
    answer: messageAnswer,
    refusals: [404],
  }),
});
