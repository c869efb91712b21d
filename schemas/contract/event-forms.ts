/** Event forms as their organization keeps them: the lists their fields choose from, the forms, their statuses. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";

/** A list to choose from, as a select shows it. */
const choices = z.object({ data: z.array(z.object({ value: z.string(), label: z.string() })) });

export const eventFormRoutes = apiPart("Event forms", {
  listEventCategories: apiRoute({
    method: "GET",
    path: "/api/v1/site/common/event_categories",
    summary: "The categories an event may have",
    access: "user",
    answer: choices,
  }),
  listEventNatures: apiRoute({
    method: "GET",
    path: "/api/v1/site/common/event_natures",
    summary: "How an event is held: online, in person or hybrid",
    access: "user",
    answer: choices,
  }),
  listEventFormStatuses: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_form_statuses",
    summary: "The statuses an event form may have: draft, published, closed",
    access: { feature: "event form read" },
    answer: choices,
  }),
});
