import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/event-calendar";

/** /e/{slug}/calendar.ics: the event's calendar file, as the API writes it for this caller. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return context.get(apiContext).file(API.eventCalendarFile, { params: { slug: params.slug } });
}
