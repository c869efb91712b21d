import type { Route } from "./+types/emoji-json";
import { emojiData } from "./emoji-data.server";

/** GET /emoji.json: public, the same for everyone, cached by the browser and revalidated by ETag. */
export function loader({ request }: Route.LoaderArgs) {
  const { body, etag } = emojiData();
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=86400", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
