/** A mail's one-click unsubscribe link: no login, the signed token names the reader and the kind of mail. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { unsubscribeResult, unsubscribeView } from "../mail-preferences.ts";

export const mailLinkRoutes = apiPart("Mail links", {
  showUnsubscribe: apiRoute({
    method: "GET",
    path: "/api/v1/mail/unsubscribe/{token}",
    summary: "Show what an unsubscribe link turns off, and whether that mail still comes (opening it changes nothing)",
    access: "public",
    answer: z.object({ data: unsubscribeView }),
    refusals: [404],
  }),
  unsubscribe: apiRoute({
    method: "POST",
    path: "/api/v1/mail/unsubscribe/{token}",
    summary: "Turn off the mail an unsubscribe link names",
    access: "public",
    answer: unsubscribeResult,
    refusals: [404],
  }),
});
