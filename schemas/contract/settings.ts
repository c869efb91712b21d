/** The caller's own preferences: how the panel shows dates, looks and tells them things. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { settingsSchema, settingsView } from "../settings.ts";

export const settingsRoutes = apiPart("Settings", {
  showSettings: apiRoute({
    method: "GET",
    path: "/api/v1/admin/settings",
    summary: "Show the caller's preferences and, per kind, which mail they receive",
    access: "user",
    answer: z.object({ data: settingsView }),
  }),
  saveSettings: apiRoute({
    method: "PUT",
    path: "/api/v1/admin/settings",
    summary: "Save the caller's preferences (mail choices sent replace the saved ones; none sent keeps them)",
    access: "user",
    body: settingsSchema,
    answer: z.object({ message: z.string(), data: settingsView }),
  }),
});
