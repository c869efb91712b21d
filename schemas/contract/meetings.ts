/** Video meetings: each account's connections to Zoom and Google Meet, and an event form's meeting. */
import { z } from "zod";
import { messageAnswer } from "./answers.ts";
import { apiPart, apiRoute } from "./route.ts";
import {
  createMeetingSchema,
  eventMeeting,
  formMeetingView,
  meetingAuthorization,
  meetingCallbackSchema,
  meetingConnectionState,
} from "../meetings.ts";

/** Those who may edit the form. */
const formEditors = { feature: "event form write", organization: "forms.manage" } as const;

const meetingSaved = z.object({ meeting: eventMeeting, message: z.string() });

export const meetingRoutes = apiPart("Video meetings", {
  listMeetingConnections: apiRoute({
    method: "GET",
    path: "/api/v1/admin/meetings/connections",
    summary: "Every meeting provider's state for the caller: configured on the server, connected, as whom",
    access: "user",
    answer: z.object({ data: z.array(meetingConnectionState) }),
  }),
  showMeetingConnection: apiRoute({
    method: "GET",
    path: "/api/v1/admin/meetings/connections/{provider}",
    summary: "One provider's state for the caller (zoom, google-meet)",
    access: "user",
    answer: z.object({ data: meetingConnectionState }),
    refusals: [404],
  }),
  authorizeMeetingConnection: apiRoute({
    method: "POST",
    path: "/api/v1/admin/meetings/connections/{provider}/authorize",
    summary: "Start connecting a provider: the address of its consent page",
    access: "user",
    answer: meetingAuthorization,
    refusals: [404, 409],
  }),
  finishMeetingConnection: apiRoute({
    method: "POST",
    path: "/api/v1/admin/meetings/connections/{provider}/callback",
    summary: "Finish connecting a provider with what its consent page sent back (state, and code or error)",
    access: "user",
    body: meetingCallbackSchema,
    answer: z.object({ data: meetingConnectionState, message: z.string() }),
    refusals: [404, 409, 502],
  }),
  deleteMeetingConnection: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/meetings/connections/{provider}",
    summary: "Disconnect a provider",
    access: "user",
    answer: messageAnswer,
    refusals: [404],
  }),
  showFormMeeting: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/meeting",
    summary: "An event form's meeting, whether it may have one, and the caller's providers",
    access: formEditors,
    answer: formMeetingView,
    refusals: [404],
  }),
  createFormMeeting: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/meeting",
    summary: "Create the meeting of an online or hybrid event form with one of the caller's providers",
    access: formEditors,
    body: createMeetingSchema,
    answer: meetingSaved,
    status: 201,
    refusals: [404, 409, 502],
  }),
  updateFormMeeting: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/event_forms/{id}/meeting",
    summary: "Send the form's current times to its meeting again",
    access: formEditors,
    answer: meetingSaved,
    refusals: [404, 409, 410, 502],
  }),
});
