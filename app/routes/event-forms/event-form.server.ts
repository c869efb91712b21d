import { data } from "react-router";
import { validationFailsMessage } from "~/components/event-forms/builder-values";
import type { ApiClient } from "~/lib/api.server";
import { toApiMultipart } from "#schemas/api-multipart";
import { replyWithApiErrors } from "~/lib/forms.server";
import { timeZones } from "~/lib/time-zones.server";
import type { CurrentUser } from "#schemas/auth";
import { API } from "#schemas/contract/index";

/** The builder's values as the API's multipart body (a banner may be among them). */
export function toEventFormBody(values: Record<string, unknown>, method: "POST" | "PUT"): FormData {
  return toApiMultipart(method === "PUT" ? { _method: "PUT", ...values } : values);
}

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }): import("@conform-to/react").SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
}

/**
 * A create or update refused for its fields says 'Validation fails for {field names}' besides each
 * field's error. A form-level error (conform's key "", e.g. a body that could not be read) names no
 * field: its own message shows, without that banner.
 */
export function refusedLocally(submission: Replyable) {
  const fields = Object.keys(submission.error ?? {}).filter((key) => key !== "" && submission.error?.[key]?.length);
  return data({ result: submission.reply(), failure: fields.length ? validationFailsMessage(fields) : null }, { status: 422 });
}

export function refusedByApi(
  submission: Replyable,
  result: { status: number; body: { message: string; errors?: Record<string, string[]> } },
) {
  const reply = replyWithApiErrors(submission, result);
  const failure = result.body.errors ? validationFailsMessage(Object.keys(result.body.errors)) : result.body.message;
  return data({ result: reply.data.result, failure }, { status: result.status });
}

/**
 * What the builder's pickers offer: the owner's collections, the time zones, the venue's countries and
 * the organization's saved questions (the first hundred by label; the library screen lists them all).
 */
export async function builderChoices(api: ApiClient) {
  const [{ data: collections }, { data: countries }, saved] = await Promise.all([
    api.answer(API.listCollections, { query: { per_page: "100", sort_by: "name" } }),
    api.answer(API.listCountries, {}),
    api.request(API.listSavedQuestions, { query: { per_page: "100", sort_by: "label" } }),
  ]);
  // A member who may not manage the organization's forms has no library to pick from: the builder still opens.
  const library = saved.ok ? saved.body.data : [];
  return { collections: collections.map((c) => ({ id: c.id, name: c.name })), timeZones: timeZones(), countries, library };
}

/**
 * A new form's time zone: the zone of its owner's city (their profile's, placed by the API), else the one
 * the reader chose on /settings, else UTC. A startup in Lagos starts on Lagos time.
 */
export async function newFormTimeZone(api: ApiClient, user: CurrentUser): Promise<string> {
  const located = await api.request(API.userLocation, {});
  const offered = timeZones();
  const candidates = [located.ok ? located.body.timezone : null, user.settings?.time_zone];
  return candidates.find((zone): zone is string => !!zone && offered.includes(zone)) ?? "UTC";
}
