import { isPaid } from "#schemas/billing";
import { data, type RouterContextProvider } from "react-router";
import { parseId } from "#schemas/ids";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requestEnvContext } from "~/lib/request-env";
import type { SiteEventForm } from "#schemas/applications";

const NO_EVENT = "No event found";

export interface RouteArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/**
 * A missing event form (no, bad or unknown form_id) sends the user home with 'No event found'.
 * The form is the URL's `form_id` unless one is given.
 */
export async function loadSiteForm({ url, context }: Pick<RouteArgs, "url" | "context">, id?: number): Promise<SiteEventForm> {
  const env = context.get(requestEnvContext);
  const formId = parseId(id ?? url.searchParams.get("form_id"));
  if (formId === undefined) throw await redirectWithToast(env, "/", { type: "error", message: NO_EVENT });
  const result = await context.get(apiContext).request(API.showSiteEventForm, { params: { id: formId } });
  if (result.status === 404) throw await redirectWithToast(env, "/", { type: "error", message: NO_EVENT });
  if (!result.ok) throw data(result.body.message, { status: result.status });
  return result.body;
}

/**
 * The billing guards. Paid forms are paid for before the form is filled: someone who may apply but
 * has no Successful billing is sent to the billing step. An application already sent stays visible.
 */
export function needsPayment(view: SiteEventForm): boolean {
  const submitted = view.my_application !== null && view.my_application.status !== "draft";
  // Joining a full event's line costs nothing: its first in line pays once a place is offered to them.
  return (
    view.event_form.type_of_event === "paid" &&
    !isPaid(view.my_billing?.payment_status) &&
    !submitted &&
    view.can_apply &&
    !view.joins_waitlist
  );
}
