/** What a logged-in member finds: the published events, and one form's page with their own application and billing. */
import { z } from "zod";
import { checkbox } from "../fields.ts";
import { pageOf } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { siteEventForm } from "../applications.ts";
import { eventCard } from "../event-form-views.ts";

/**
 * The events list: by category, nature and the start date on the event's own clock (`from`, `to` as
 * YYYY-MM-DD; a date the calendar lacks is no filter), past events only with `include_past`. A filter it
 * cannot read is no filter rather than refused. Soonest first unless asked otherwise.
 */
export const siteEventsQuery = listQuery.extend({
  category: z.string().trim().max(100).optional().catch(undefined),
  nature: z.string().trim().max(40).optional().catch(undefined),
  from: z.string().trim().max(10).optional().catch(undefined),
  to: z.string().trim().max(10).optional().catch(undefined),
  include_past: checkbox,
});

export const siteEventRoutes = apiPart("Events", {
  listSiteEvents: apiRoute({
    method: "GET",
    path: "/api/v1/site/events",
    summary: "List the published events, with whether the caller starred each and their own application's status",
    access: "user",
    query: siteEventsQuery,
    answer: pageOf(eventCard),
  }),
  showSiteEventForm: apiRoute({
    method: "GET",
    path: "/api/v1/site/event_forms/{id}",
    summary:
      "Show a form as an applicant sees it: whether one may apply, places left, and the caller's application, billing, meeting and ticket",
    access: "user",
    answer: siteEventForm,
    refusals: [404],
  }),
});
