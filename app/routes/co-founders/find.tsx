import { Form, data, useNavigation, useSearchParams } from "react-router";
import { API } from "#schemas/contract/index";
import { CO_FOUNDER_ROLES, COMMITMENTS, COMMITMENT_LABELS, INDUSTRIES } from "#schemas/profile-kinds";
import { CoFounderCard } from "~/components/co-founders/co-founder-card";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Options, type Choice } from "~/components/ui/options";
import { EmptyState, PageHeader } from "~/components/ui/layout";
import { MatchLegend } from "~/components/co-founders/match-legend";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { can, requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/find";
import { sendInvitation } from "./invite.server";
import { InAppLink } from "~/components/ui/in-app-link";
import { FIND_STARTUPS_HREF, looksForStartups } from "~/components/app-shell/navigation";

/** The query keys the page passes on to GET /co_founders/find. */
const FIND_KEYS = ["page", "search", "skill", "role", "industry", "commitment", "country", "city", "sort_by", "sort_order"] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "co founder read");
  const query = listQueryOf(url, FIND_KEYS, { per_page: "12" });
  const results = await context.get(apiContext).answer(API.findCoFounders, { query });
  return {
    results,
    hasStartup: Boolean(user.startup_id),
    // A co-founder who came here is most likely looking for a startup: those are ranked for them elsewhere.
    lookingForStartups: looksForStartups(user),
    canOpen: can(user, "co founder write"),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "co founder read");
  const formData = await request.formData();
  if (formData.get("intent") !== "invite") throw data("That request was not understood.", { status: 400 });
  return sendInvitation(context, url, formData);
}

const SORTS = [
  { value: "score", label: "Best match" },
  { value: "created_at", label: "Newest" },
  { value: "name", label: "Name" },
];

export default function FindCoFounders({ loaderData }: Route.ComponentProps) {
  const { results, hasStartup, lookingForStartups, canOpen } = loaderData;
  const [params] = useSearchParams();
  const filtered = FIND_KEYS.some((key) => key !== "page" && key !== "sort_by" && key !== "sort_order" && params.get(key));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Find co-founders"
        description={
          hasStartup
            ? "People ranked by how well they fit what your startup looks for, with the reasons spelled out."
            : "Search co-founder profiles by skill, role, industry and place."
        }
        actions={
          hasStartup ? (
            <InAppLink to="/co-founders" className={buttonClass("secondary")}>
              Your team
            </InAppLink>
          ) : null
        }
      />
      {lookingForStartups ? (
        <p className="mb-4 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
          Looking for a startup to join?{" "}
          <InAppLink to={FIND_STARTUPS_HREF} className="font-medium text-brand-700 underline">
            Find startups ranked by how well you fit what they look for
          </InAppLink>
          .
        </p>
      ) : null}
      <FindFilters />
      {hasStartup ? <MatchLegend /> : null}
      {results.data.length === 0 ? (
        <EmptyState title={filtered ? "No co-founders match these filters" : "No co-founder profiles yet"}>
          {filtered ? (
            <InAppLink to="/co-founders/find" className="text-brand-700 underline">
              Clear the filters
            </InAppLink>
          ) : (
            "When people set up a co-founder profile, they appear here."
          )}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Co-founders">
          {results.data.map((card) => (
            <CoFounderCard key={card.id} card={card} hasStartup={hasStartup} canOpen={canOpen} />
          ))}
        </ul>
      )}
      <Pagination meta={results.meta} />
    </div>
  );
}

/** Search, filters and sort as one GET form: shareable addresses, and no JavaScript needed. */
function FindFilters() {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const value = (key: string) => params.get(key) ?? "";
  const select = (name: string, label: string, any: string, options: readonly Choice[]) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label}</span>
      <select name={name} defaultValue={value(name)} className={inputClass}>
        {any ? <option value="">{any}</option> : null}
        <Options options={options} />
      </select>
    </label>
  );
  return (
    // Keyed by the address: the fields' defaults follow it (Reset, the back button).
    <Form
      key={params.toString()}
      method="get"
      role="search"
      className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4"
    >
      <label className="text-sm sm:col-span-2">
        <span className="mb-1 block font-medium text-slate-700">Search</span>
        <input type="search" name="search" defaultValue={value("search")} className={inputClass} placeholder="Name, headline or skill" />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-700">Skill</span>
        <input name="skill" defaultValue={value("skill")} className={inputClass} placeholder="e.g. TypeScript" />
      </label>
      {select("role", "Role", "Any role", CO_FOUNDER_ROLES)}
      {select("industry", "Industry", "Any industry", INDUSTRIES)}
      {select(
        "commitment",
        "Commitment",
        "Any commitment",
        COMMITMENTS.map((c) => ({ value: c, label: COMMITMENT_LABELS[c] })),
      )}
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-700">Country code</span>
        <input name="country" defaultValue={value("country")} className={inputClass} placeholder="e.g. NG" maxLength={2} />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-700">City</span>
        <input name="city" defaultValue={value("city")} className={inputClass} placeholder="e.g. Lagos" />
      </label>
      {select("sort_by", "Sort by", "", SORTS)}
      <div className="flex items-end gap-2 sm:col-span-3">
        <Button type="submit" pending={navigation.state === "loading" && navigation.formMethod === "GET"}>
          Search
        </Button>
        <InAppLink to="/co-founders/find" className={buttonClass("ghost")}>
          Reset
        </InAppLink>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Find co-founders · Launchpad" }];
