/** An event's announcements: what its owner writes to its people, and who each one went to. */
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { announcementPage, announcementRecipientPage, announcementSchema, announcementSent } from "../announcements.ts";

/* Another organization's form is a 404, as one that does not exist. */
const writesToPeople = { feature: "event response write", organization: "forms.manage" } as const;

export const announcementRoutes = apiPart("Announcements", {
  listAnnouncements: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/announcements",
    summary: "List an event's announcements, newest first, with how many people each audience holds now",
    access: writesToPeople,
    query: listQuery,
    answer: announcementPage,
    refusals: [404],
  }),
  sendAnnouncement: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/announcements",
    summary: "Send an announcement to everyone with a place, on the waitlist or checked in (a notification and, as they chose, a mail)",
    access: writesToPeople,
    body: announcementSchema,
    answer: announcementSent,
    status: 201,
    refusals: [404, 429],
  }),
  announcementRecipients: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/announcements/{announcementId}/recipients",
    summary: "List who one announcement went to",
    access: writesToPeople,
    query: listQuery,
    answer: announcementRecipientPage,
    refusals: [404],
  }),
});
