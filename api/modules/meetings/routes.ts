/**
 *   GET    /api/v1/admin/meetings/connections                        every provider's state for the caller
 *   GET    /api/v1/admin/meetings/connections/{provider}             one provider's state (zoom, google-meet)
 *   POST   /api/v1/admin/meetings/connections/{provider}/authorize   {authorization_url}: start OAuth
 *   POST   /api/v1/admin/meetings/connections/{provider}/callback    {state, code | error}: finish it
 *   DELETE /api/v1/admin/meetings/connections/{provider}             disconnect
 *   GET    /api/v1/admin/event_forms/{id}/meeting                    the form's meeting and the caller's providers
 *   POST   /api/v1/admin/event_forms/{id}/meeting                    {provider}: create one (online/hybrid forms)
 *   PUT    /api/v1/admin/event_forms/{id}/meeting                    send the form's current times again
 *
 * Connections are per user, for any logged-in user; a form's meeting is for those who may edit the form.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { meetingRoutes as routes } from "#schemas/contract/meetings.ts";
import { providerFromSlug, type MeetingProviderKey } from "#schemas/meetings.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { organizationFor, type OrganizationAccess } from "#api/lib/owner.ts";
import { currentUser } from "../auth/middleware.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { connectionState, connectionStates, disconnect, finishConnect, startConnect } from "./connections.ts";
import { createMeeting, formMeeting, updateMeeting } from "./meetings.ts";
import { label, meetingsContext } from "./providers.ts";

export const meetingRoutes = new Hono<AppEnv>();

const ctx = (c: Context<AppEnv>) => meetingsContext(c.get("db"), c.get("config"));

function providerOf(slug: string | undefined): MeetingProviderKey {
  const provider = providerFromSlug(slug);
  if (!provider) throw notFound("Integration not found");
  return provider;
}

/** An unknown provider is "not found" before what the callback sent is looked at. */
const providerKnown: MiddlewareHandler<AppEnv> = async (c, next) => {
  providerOf(c.req.param("provider"));
  await next();
};

serve(meetingRoutes, routes.listMeetingConnections, async (c) => ({ data: await connectionStates(ctx(c), currentUser(c).id) }));

serve(meetingRoutes, routes.showMeetingConnection, async (c, { params }) => ({
  data: await connectionState(ctx(c), currentUser(c).id, providerOf(params.provider)),
}));

serve(meetingRoutes, routes.authorizeMeetingConnection, async (c, { params }) => ({
  authorization_url: await startConnect(ctx(c), currentUser(c).id, providerOf(params.provider)),
}));

serve(
  meetingRoutes,
  routes.finishMeetingConnection,
  async (c, { params, body }) => {
    const provider = providerOf(params.provider);
    const data = await finishConnect(ctx(c), currentUser(c).id, provider, body);
    return {
      data,
      message: data.account_label ? `${label(provider)} is connected as ${data.account_label}.` : `${label(provider)} is connected.`,
    };
  },
  { before: [providerKnown] },
);

serve(meetingRoutes, routes.deleteMeetingConnection, async (c, { params }) => {
  const provider = providerOf(params.provider);
  await disconnect(ctx(c), currentUser(c).id, provider);
  return { message: `${label(provider)} is disconnected.` };
});

// ---- an event form's meeting ------------------------------------------------------------------

const formId = (value: string | undefined) => pathId(value, EVENT_FORM_NOT_FOUND);
const editor = (c: Context<AppEnv>, access: OrganizationAccess) => ({ userId: currentUser(c).id, access });

/** A malformed form id is "not found" (after the caller's access is checked) before the body is looked at. */
const formIdGiven: MiddlewareHandler<AppEnv> = async (c, next) => {
  organizationFor(c.get("user"), "forms.manage");
  formId(c.req.param("id"));
  await next();
};

serve(meetingRoutes, routes.showFormMeeting, async (c, { params, organization }) =>
  formMeeting(ctx(c), editor(c, organization), formId(params.id)),
);

serve(
  meetingRoutes,
  routes.createFormMeeting,
  async (c, { params, body: { provider }, organization }) => {
    const meeting = await createMeeting(ctx(c), editor(c, organization), formId(params.id), provider);
    return { meeting, message: `${meeting.provider_label} meeting created.` };
  },
  { before: [formIdGiven] },
);

serve(meetingRoutes, routes.updateFormMeeting, async (c, { params, organization }) => {
  const meeting = await updateMeeting(ctx(c), editor(c, organization), formId(params.id));
  return { meeting, message: `${meeting.provider_label} meeting updated.` };
});
