import { Form, useNavigation, useSearchParams } from "react-router";
import { INDUSTRIES, STAGES } from "#schemas/profile-kinds";
import type { DirectoryType } from "#schemas/startups";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Options } from "~/components/ui/options";
import { InAppLink } from "~/components/ui/in-app-link";

const TABS: { type: DirectoryType; label: string }[] = [
  { type: "startup", label: "Startups" },
  { type: "organization", label: "Organizations" },
];

/** Startups / Organizations, as links: switching keeps nothing but the tab (filters differ per kind). */
export function DirectoryTabs({ current }: { current: DirectoryType }) {
  return (
    <nav aria-label="Directory" className="mb-4 flex gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <InAppLink
          key={tab.type}
          to={`/startups?type=${tab.type}`}
          aria-current={tab.type === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
            tab.type === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </InAppLink>
      ))}
    </nav>
  );
}

function Select({
  name,
  label,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  anyLabel?: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  const [searchParams] = useSearchParams();
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label}</span>
      <select name={name} className={inputClass} defaultValue={searchParams.get(name) ?? ""}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        <Options options={options} />
      </select>
    </label>
  );
}

/** Search, filters and sort as one plain GET form: works without JavaScript and keeps the address shareable. */
export function DirectoryFilters({
  type,
  countries,
  sortChoices,
  sort,
}: {
  type: DirectoryType;
  countries: { code: string; label: string }[];
  /** The orders this viewer is offered, and the one the list is in. */
  sortChoices: { value: string; label: string }[];
  sort: string;
}) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    // Keyed by the address: the fields' defaults follow it (a "Clear" link or the back button) instead of
    // keeping what was last chosen.
    <Form
      key={searchParams.toString()}
      method="get"
      role="search"
      aria-label="Search the directory"
      className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <input type="hidden" name="type" value={type} />
      <label className="text-sm sm:col-span-2">
        <span className="mb-1 block font-medium text-slate-700">Search</span>
        <input
          className={inputClass}
          type="search"
          name="search"
          placeholder="Name, description or city"
          defaultValue={searchParams.get("search") ?? ""}
        />
      </label>
      <Select name="industry" label="Industry" anyLabel="Any industry" options={INDUSTRIES} />
      {type === "startup" ? <Select name="stage" label="Stage" anyLabel="Any stage" options={STAGES} /> : null}
      <Select name="country" label="Country" anyLabel="Any country" options={countries.map((c) => ({ value: c.code, label: c.label }))} />
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-700">City</span>
        <input className={inputClass} type="text" name="city" placeholder="Any city" defaultValue={searchParams.get("city") ?? ""} />
      </label>
      {/* Two columns wide: "Best match for you" is cut in one. */}
      <label className="text-sm lg:col-span-2">
        <span className="mb-1 block font-medium text-slate-700">Sort by</span>
        <select name="sort" className={inputClass} defaultValue={sort}>
          <Options options={sortChoices} />
        </select>
      </label>
      <div className="flex items-end">
        <Button type="submit" variant="secondary" pending={navigation.state === "loading" && navigation.formMethod === "GET"}>
          Apply
        </Button>
      </div>
    </Form>
  );
}
