import { z } from "zod";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { safeRedirect } from "~/lib/safe-redirect";

const draftAction = z.object({
  intent: z.enum(["discard", "publish"]),
  id: z.unknown().transform((value, ctx) => parseId(value) ?? (ctx.addIssue({ code: "custom", message: "invalid id" }), z.NEVER)),
});

/**
 * The drafts screen's two writes, as plain form posts: discard an application draft (after the confirm
 * step) and publish a draft event form (the event forms' own status call). Back to the list with a toast.
 */
export async function draftsAction(request: Request, api: ApiClient, env: RequestEnv) {
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirect(typeof form.redirect_to === "string" ? form.redirect_to : null, "/drafts", request.url);
  const parsed = draftAction.safeParse(form);
  if (!parsed.success) return redirectWithToast(env, back, { type: "error", message: "That request was not understood." });
  const { intent, id } = parsed.data;
  const result =
    intent === "discard"
      ? await api.request(API.discardApplicationDraft, { params: { id } })
      : await api.request(API.setEventFormStatus, { params: { id }, body: { status: "published" } });
  if (!result.ok) {
    const message = result.body.errors ? (Object.values(result.body.errors).flat()[0] ?? result.body.message) : result.body.message;
    return redirectWithToast(env, back, { type: "error", message });
  }
  return redirectWithToast(env, back, { type: "success", message: intent === "publish" ? "Event form published." : result.body.message });
}
