import type { Route } from "./+types/emoji-json";
import { emojiData, revalidatedResponse } from "./emoji-data.server";

/** GET /emoji.json: public, the same for everyone, cached by the browser and revalidated by ETag. */
export function loader({ request }: Route.LoaderArgs) {
  return revalidatedResponse(request, emojiData(), "application/json; charset=utf-8");
}
