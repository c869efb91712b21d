import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/event-calendar";
import { apiPath } from "./event-page";

/** /e/{slug}/calendar.ics: the event's calendar file, as the API writes it for this caller. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return context.get(apiContext).download(`${apiPath(params.slug)}/calendar.ics`);
}
