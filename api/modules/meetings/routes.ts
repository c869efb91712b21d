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
import { Hono, type Context } from "hono";
import { z } from "zod";
import { createMeetingSchema, providerFromSlug, type MeetingAuthorization, type MeetingProviderKey } from "#schemas/meetings.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { EVENT_FORM_NOT_FOUND } from "../event-forms/service.ts";
import { connectionState, connectionStates, disconnect, finishConnect, startConnect } from "./connections.ts";
import { createMeeting, formMeeting, updateMeeting } from "./meetings.ts";
import { label, meetingsContext } from "./providers.ts";

export const meetingRoutes = new Hono<AppEnv>();

const BASE = "/api/v1/admin/meetings/connections";

const ctx = (c: Context<AppEnv>) => meetingsContext(c.get("db"), c.get("config"));

function providerParam(c: Context<AppEnv>): MeetingProviderKey {
  const provider = providerFromSlug(c.req.param("provider"));
  if (!provider) throw notFound("Integration not found");
  return provider;
}

/** What the provider sent back to the callback address, as the panel forwards it. */
const callbackSchema = z.object({
  state: z.string({ error: "The state field is required." }).trim().min(1, "The state field is required.").max(512),
  code: z.string().trim().max(2048).optional(),
  error: z.string().trim().max(200).optional(),
});

meetingRoutes.get(BASE, requireUser, async (c) => c.json({ data: await connectionStates(ctx(c), currentUser(c).id) }));

meetingRoutes.get(`${BASE}/:provider`, requireUser, async (c) => {
  const provider = providerParam(c);
  return c.json({ data: await connectionState(ctx(c), currentUser(c).id, provider) });
});

meetingRoutes.post(`${BASE}/:provider/authorize`, requireUser, async (c) => {
  const provider = providerParam(c);
  const answer: MeetingAuthorization = { authorization_url: await startConnect(ctx(c), currentUser(c).id, provider) };
  return c.json(answer);
});

meetingRoutes.post(`${BASE}/:provider/callback`, requireUser, async (c) => {
  const provider = providerParam(c);
  const input = validate(callbackSchema, await readBody(c));
  const data = await finishConnect(ctx(c), currentUser(c).id, provider, input);
  return c.json({
    data,
    message: data.account_label ? `${label(provider)} is connected as ${data.account_label}.` : `${label(provider)} is connected.`,
  });
});

meetingRoutes.delete(`${BASE}/:provider`, requireUser, async (c) => {
  const provider = providerParam(c);
  await disconnect(ctx(c), currentUser(c).id, provider);
  return c.json({ message: `${label(provider)} is disconnected.` });
});

// ---- an event form's meeting ------------------------------------------------------------------

const formId = (c: Context<AppEnv>) => pathId(c.req.param("id"), EVENT_FORM_NOT_FOUND);
const editor = (c: Context<AppEnv>) => ({ userId: currentUser(c).id, access: organizationFor(c.get("user"), "forms.manage") });

meetingRoutes.get("/api/v1/admin/event_forms/:id/meeting", authorize("event form write"), async (c) =>
  c.json(await formMeeting(ctx(c), editor(c), formId(c))),
);

meetingRoutes.post("/api/v1/admin/event_forms/:id/meeting", authorize("event form write"), async (c) => {
  const who = editor(c);
  const id = formId(c);
  const { provider } = validate(createMeetingSchema, await readBody(c));
  const meeting = await createMeeting(ctx(c), who, id, provider);
  return c.json({ meeting, message: `${meeting.provider_label} meeting created.` }, 201);
});

meetingRoutes.put("/api/v1/admin/event_forms/:id/meeting", authorize("event form write"), async (c) => {
  const meeting = await updateMeeting(ctx(c), editor(c), formId(c));
  return c.json({ meeting, message: `${meeting.provider_label} meeting updated.` });
});
