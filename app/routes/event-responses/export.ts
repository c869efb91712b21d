import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requireId } from "~/lib/route-params.server";
import type { Route } from "./+types/export";

/** "Download CSV" on the responses list: the API's file for the list's search and status filter, passed on as it came. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  requirePermission(context, "event response read");
  const formId = requireId(params.event_form_id, "Event form not found");
  const query = listQueryOf(url, ["search", "status"]);
  return context.get(apiContext).file(API.responsesCsv, { params: { id: formId }, query });
}
