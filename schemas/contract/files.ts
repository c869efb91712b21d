/** Public uploads (logos, avatars, banners); private ones are served through what they belong to. */
import { apiPart, apiRoute, fileAnswer } from "./route.ts";

export const fileRoutes = apiPart("Files", {
  showFile: apiRoute({
    method: "GET",
    path: "/api/v1/files/{id}",
    summary: "Download a public upload (a logo, an avatar, a banner) as it was stored",
    access: "public",
    answer: fileAnswer("*/*", "The file, with its own media type"),
    refusals: [404],
  }),
});
