/** The organization's own details by category (basics, team, product…), and how complete they are. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { timestamp } from "./answers.ts";
import { categoryCompletionView, detailField, detailValues } from "../startup-details.ts";

/** A category as the API answers it: its definition, the startup's values for its fields, and its completion. */
export const detailCategoryView = categoryCompletionView.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  fields: z.array(detailField).readonly(),
  values: detailValues,
  updated_at: timestamp.nullable(),
});
export type DetailCategoryView = z.output<typeof detailCategoryView>;

/** GET /api/v1/admin/startup_details. */
export const startupDetailsList = z.object({ data: z.array(detailCategoryView), completeness: z.number().int() });
export type StartupDetailsList = z.output<typeof startupDetailsList>;

/**
 * A category's answers by field key, as the contract reads a save: which fields there are depends on the
 * category in the path, so the handler reads them through that category's schema (DETAIL_CATEGORY_SCHEMAS).
 */
export const detailAnswers = z.record(z.string(), z.unknown());

/*
 * Any logged-in member whose role keeps the organization's profile: the organization is the caller's own,
 * never one named in the request.
 */
const profile = { organization: "organization.profile" } as const;

export const startupDetailRoutes = apiPart("Startup details", {
  listStartupDetails: apiRoute({
    method: "GET",
    path: "/api/v1/admin/startup_details",
    summary: "List every detail category with the organization's answers and completion, and the overall completeness",
    access: profile,
    answer: startupDetailsList,
  }),
  showStartupDetails: apiRoute({
    method: "GET",
    path: "/api/v1/admin/startup_details/{category_id}",
    summary: "Show one detail category: its fields, the organization's answers and its completion",
    access: profile,
    answer: z.object({ category: detailCategoryView }),
    refusals: [404],
  }),
  saveStartupDetails: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/startup_details/{category_id}",
    summary: "Replace a category's answers (every field of the category; a blank optional one is kept as null)",
    access: profile,
    body: detailAnswers,
    answer: z.object({ category: detailCategoryView, completeness: z.number().int(), message: z.string() }),
    refusals: [404],
  }),
});
