import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { requireId } from "~/lib/route-params.server";
import type { Route } from "./+types/payments-export";

/** "Download CSV" on the payments screen: the API's file for the list's filters and sort, passed on as it came. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  requirePermission(context, "event billing read");
  const formId = requireId(params.id, "Event form not found");
  const query = listQueryOf(url, ["search", "payment_status", "sort_by", "sort_order"]);
  return context.get(apiContext).file(API.billingsCsv, { params: { id: formId }, query });
}
