/** The door of an event: its tickets, and checking them in (and back out). */
import { z } from "zod";
import { errorAnswer } from "./answers.ts";
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute } from "./route.ts";
import { checkInAnswer, checkInPage, checkInUndone, scanSchema } from "../check-ins.ts";

/** Those who work the door; another organization's form is not found. */
const door = { feature: "event response write", organization: "check_in" } as const;

export const checkInRoutes = apiPart("Check-ins", {
  listCheckIns: apiRoute({
    method: "GET",
    path: "/api/v1/admin/event_forms/{id}/check_ins",
    summary: "The event's tickets (search by name, email or code) and the door's figures",
    access: door,
    query: listQuery,
    answer: checkInPage,
    refusals: [404],
  }),
  checkIn: apiRoute({
    method: "POST",
    path: "/api/v1/admin/event_forms/{id}/check_ins",
    summary:
      "Check in a scanned or typed ticket code; 409 (with the outcome) when already checked in, cancelled or for another event, 404 for no such ticket",
    // The organization is checked with the ticket: a door of an event the caller does not work is its 404.
    access: { feature: door.feature },
    body: scanSchema,
    answer: checkInAnswer,
    status: 201,
    refusals: [404, 409, 429],
    // The door shows what was scanned: whose ticket, and why it did not check in.
    refusalAnswers: { 404: z.union([checkInAnswer, errorAnswer]), 409: checkInAnswer },
  }),
  undoCheckIn: apiRoute({
    method: "DELETE",
    path: "/api/v1/admin/event_forms/{id}/check_ins/{code}",
    summary: "Take a check-in back",
    access: door,
    answer: checkInUndone,
    refusals: [404],
  }),
});
