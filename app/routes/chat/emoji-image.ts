import type { Route } from "./+types/emoji-image";
import { emojiImage, revalidatedResponse } from "./emoji-data.server";

/**
 * GET /emoji/{name}.svg: the picture of one emoji the picker offers (and of no other), public, cached by the
 * browser and revalidated by ETag like /emoji.json.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const image = /^([0-9a-f]+(?:-[0-9a-f]+)*)\.svg$/.exec(params.file)?.[1];
  const found = image ? emojiImage(image) : undefined;
  if (!found) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return revalidatedResponse(request, found, "image/svg+xml");
}
