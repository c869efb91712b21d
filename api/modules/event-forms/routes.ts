import { Hono, type Context, type MiddlewareHandler } from "hono";
import { EVENT_CATEGORIES, EVENT_FORM_STATUSES, EVENT_NATURES } from "#schemas/events.ts";
import { eventFormRoutes as routes } from "#schemas/contract/event-forms.ts";
import type { AppEnv } from "#api/context.ts";
import { serve, type RouteHandler } from "#api/lib/contract.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationFor, type OrganizationAccess } from "#api/lib/owner.ts";
import { inOwnOrder, page } from "#api/lib/pagination.ts";
import { assertVerifiedEmail } from "../account-links/hold.ts";
import { currentUser } from "../auth/middleware.ts";
import { moveMeetingAfterEdit } from "../meetings/meetings.ts";
import { meetingsContext } from "../meetings/providers.ts";
import {
  EVENT_FORM_NOT_FOUND,
  createEventForm,
  deleteEventForm,
  getEventForm,
  listEventForms,
  managedFormOr404,
  setEventFormStatus,
  updateEventForm,
  type FormEditor,
} from "./service.ts";

export const eventFormRoutes = new Hono<AppEnv>();

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

// ---- reference lists ---------------------------------------------------------------------------

serve(eventFormRoutes, routes.listEventCategories, async () => ({
  data: EVENT_CATEGORIES.map((name) => ({ value: name, label: name })),
}));

serve(eventFormRoutes, routes.listEventNatures, async () => ({ data: EVENT_NATURES.map(({ value, label }) => ({ value, label })) }));

serve(eventFormRoutes, routes.listEventFormStatuses, async () => ({
  data: EVENT_FORM_STATUSES.map((value) => ({ value, label: capitalise(value) })),
}));

// ---- event forms -------------------------------------------------------------------------------

const formId = (value: string | undefined) => pathId(value, EVENT_FORM_NOT_FOUND);

const editor = (c: Context<AppEnv>, access: OrganizationAccess): FormEditor => {
  const { id, name } = currentUser(c);
  return { userId: id, name, access };
};

/** A form the caller may not manage is "not found" before its body is read, so a refusal never depends on what was sent. */
const formFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  await managedFormOr404(c.get("db"), organizationFor(c.get("user"), "forms.manage"), formId(c.req.param("id")));
  await next();
};

serve(eventFormRoutes, routes.listEventForms, async (c, { query, organization }) => {
  // Newest first unless the caller asks for an order.
  const list = inOwnOrder(c.req.url, query, "desc");
  const { total, data } = await listEventForms(c.get("db"), organization, list);
  return page(c.req.url, list, total, data);
});

serve(eventFormRoutes, routes.createEventForm, async (c, { body, organization }) => ({
  event_form: await createEventForm(c.get("db"), editor(c, organization), body),
  message: "Event form created.",
}));

serve(eventFormRoutes, routes.showEventForm, async (c, { params, organization }) => ({
  event_form: await getEventForm(c.get("db"), organization, formId(params.id)),
}));

/** Updates come as a plain PUT or as POST with `_method=PUT` (multipart, for the banner): one handler for both. */
const update: RouteHandler<typeof routes.updateEventForm> = async (c, { params, body, organization }) => {
  const { eventForm: event_form, before } = await updateEventForm(c.get("db"), editor(c, organization), formId(params.id), body);
  // After the save's commit: a provider's answer never undoes it, a failure is only reported.
  const meeting_warning = await moveMeetingAfterEdit(meetingsContext(c.get("db"), c.get("config")), before);
  return { event_form, message: "Event form updated.", ...(meeting_warning ? { meeting_warning } : {}) };
};
serve(eventFormRoutes, routes.updateEventFormForm, update, { before: [formFound] });
serve(eventFormRoutes, routes.updateEventForm, update, { before: [formFound] });

serve(eventFormRoutes, routes.deleteEventForm, async (c, { params, organization }) => {
  await deleteEventForm(c.get("db"), organization, currentUser(c), formId(params.id));
  return { message: "Event form deleted." };
});

serve(
  eventFormRoutes,
  routes.setEventFormStatus,
  async (c, { params, body: { status }, organization }) => {
    if (status === "published") assertVerifiedEmail(c, "publish");
    const event_form = await setEventFormStatus(c.get("db"), organization, currentUser(c), formId(params.id), status);
    return { event_form, message: "Status updated." };
  },
  { before: [formFound] },
);
