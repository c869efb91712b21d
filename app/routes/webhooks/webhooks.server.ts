/*
 * What the webhook screens post: add or change an endpoint (its fields checked by the schema the API uses),
 * turn it on or off, rotate its secret, delete it, send a test event and redeliver a delivery. Each is a plain
 * form post, so the screens work without JavaScript. A new secret goes with the redirect to the page that
 * shows it once (`redirectRevealing`), so a reload adds no second endpoint.
 */
import { data } from "react-router";
import { z } from "zod";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import { WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND, webhookCreateSchema } from "#schemas/webhooks";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { replyWithApiErrors } from "~/lib/forms.server";
import type { RequestEnv } from "~/lib/request-env";
import { redirectRevealing } from "~/lib/reveal-once.server";
import { parseSubmission } from "~/lib/submission.server";
import { webhookPath } from "./endpoint-form";

const refused = (message: string, status: number) => data({ result: undefined, message }, { status });

/** A new signing secret, as the page it goes to shows it once. */
export const revealedSecret = z.object({ secret: z.string(), message: z.string() });

/** Adding (on /webhooks) or changing (on /webhooks/{id}) an endpoint's URL, kinds and description. */
async function saveEndpoint(api: ApiClient, env: RequestEnv, formData: FormData, id: number | undefined) {
  const submission = parseSubmission(formData, { schema: webhookCreateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 422 });
  const result = id
    ? await api.request(API.updateWebhook, { params: { id }, body: submission.value })
    : await api.request(API.createWebhook, { body: submission.value });
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data(reply.data, reply.init ?? undefined);
  }
  const { secret, message } = result.body;
  if (secret) return redirectRevealing(env, id ? webhookPath(id) : "/webhooks", { secret, message });
  return redirectWithToast(env, webhookPath(result.body.webhook.id), { type: "success", message: result.body.message });
}

const ENDPOINT_INTENTS = new Set(["update", "enable", "disable", "rotate", "test", "delete"]);

/** Every intent of the webhook screens; `here` is where a done action goes back to. */
export async function webhookAction(api: ApiClient, env: RequestEnv, formData: FormData, here: string) {
  const intent = formData.get("intent");
  if (intent === "create") return saveEndpoint(api, env, formData, undefined);
  if (intent === "redeliver") {
    const deliveryId = parseId(formData.get("delivery_id"));
    if (deliveryId === undefined) return refused(WEBHOOK_DELIVERY_NOT_FOUND, 404);
    const result = await api.request(API.redeliverWebhook, { params: { id: deliveryId } });
    if (!result.ok) return refused(result.body.message, result.status);
    return redirectWithToast(env, here, { type: "success", message: result.body.message });
  }
  if (!ENDPOINT_INTENTS.has(String(intent))) return refused("Choose what to do.", 400);
  // Every other intent names its endpoint; a tampered id is "not found", not a 500.
  const id = parseId(formData.get("id"));
  if (id === undefined) return refused(WEBHOOK_NOT_FOUND, 404);
  if (intent === "update") return saveEndpoint(api, env, formData, id);
  let result;
  if (intent === "enable" || intent === "disable") {
    result = await api.request(API.updateWebhook, { params: { id }, body: { enabled: intent === "enable" } });
  } else if (intent === "rotate") {
    result = await api.request(API.updateWebhook, { params: { id }, body: { rotate_secret: true } });
    if (result.ok && result.body.secret) return redirectRevealing(env, here, { secret: result.body.secret, message: result.body.message });
  } else if (intent === "test") {
    result = await api.request(API.testWebhook, { params: { id } });
  } else {
    result = await api.request(API.deleteWebhook, { params: { id } });
    if (result.ok) return redirectWithToast(env, "/webhooks", { type: "success", message: result.body.message });
  }
  if (!result.ok) return refused(Object.values(result.body.errors ?? {}).flat()[0] ?? result.body.message, result.status);
  return redirectWithToast(env, here, { type: "success", message: result.body.message });
}
