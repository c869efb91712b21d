import { parseSubmission } from "~/lib/submission.server";
import { data } from "react-router";
import { eventFormSchema } from "#schemas/events";
import { requireId } from "~/lib/route-params.server";
import { EventFormBuilder } from "~/components/event-forms/event-form-builder";
import { builderDefaults } from "~/components/event-forms/builder-values";
import { PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import { API } from "#schemas/contract/index";
import type { Route } from "./+types/create";
import { builderChoices, newFormTimeZone, refusedByApi, refusedLocally, toEventFormBody } from "./event-form.server";
import { InAppLink } from "~/components/ui/in-app-link";

/** A new form needs a collection_id (404 No Collection Specified) that exists (404 Collection Not Found). */
async function requireCollection(url: URL, api: import("~/lib/api.server").ApiClient) {
  const given = url.searchParams.get("collection_id");
  if (!given) throw data("No Collection Specified", { status: 404 });
  const id = requireId(given, "Collection Not Found");
  const result = await api.request(API.showCollection, { params: { id } });
  if (!result.ok) throw data(result.status === 404 ? "Collection Not Found" : result.body.message, { status: result.status });
  return result.body.collection;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event form write");
  const api = context.get(apiContext);
  const [collection, choices, timeZone] = await Promise.all([requireCollection(url, api), builderChoices(api), newFormTimeZone(api, user)]);
  return { collection, ...choices, timeZone };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "event form write");
  const api = context.get(apiContext);
  await requireCollection(url, api);
  const submission = parseSubmission(await request.formData(), { schema: eventFormSchema });
  if (submission.status !== "success") {
    // Adding, removing or moving a question (JavaScript off) is a round trip, not a refusal.
    return submission.status === undefined ? data({ result: submission.reply(), failure: null }) : refusedLocally(submission);
  }
  const result = await api.request(API.createEventForm, { body: toEventFormBody(submission.value, "POST") });
  if (!result.ok) return refusedByApi(submission, result);
  return redirectWithToast(context.get(requestEnvContext), `/event-forms/edit/${result.body.event_form.id}`, {
    type: "success",
    message: result.body.message,
  });
}

export default function CreateEventForm({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, collections, timeZones, timeZone, countries } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <InAppLink to={`/event-forms?collection_id=${collection.id}`} className="text-sm text-brand-600 hover:underline">
        ← {collection.name}
      </InAppLink>
      <PageHeader title="New event form" description="Build the form people fill in to apply. It stays a draft until you publish it." />
      <EventFormBuilder
        defaultValue={{ ...builderDefaults(collection.id), timezone: timeZone }}
        lastResult={actionData?.result}
        failure={actionData?.failure ?? null}
        collections={collections}
        timeZones={timeZones}
        countries={countries}
        submitLabel="Create form"
        library={loaderData.library}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "New event form · Launchpad" }];
