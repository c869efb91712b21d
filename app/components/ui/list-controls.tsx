import { Form, useNavigation, useSearchParams } from "react-router";
import { Button, buttonClass } from "./button";
import { inputClass } from "./field";
import { Options } from "./options";

interface Filter {
  name: string;
  label: string;
  /** The option that means "no filter". */
  anyLabel: string;
  options: readonly (string | { value: string | number; label: string })[];
}

/**
 * A list's search box and filters as a plain GET form, so they work without JavaScript and the
 * address keeps them (shareable, back button). `keep` carries query values the form does not show.
 */
export function ListSearch({
  label,
  placeholder,
  filters = [],
  keep = {},
  searchable = true,
}: {
  label: string;
  placeholder: string;
  filters?: Filter[];
  keep?: Record<string, string | number>;
  /** False leaves the search box out (the filters stay). */
  searchable?: boolean;
}) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    // Keyed by the address: the fields' defaults follow it (a reset link or the back button).
    <Form key={searchParams.toString()} method="get" className="mb-4 flex flex-wrap gap-3" role="search">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {searchable ? (
        <label className="min-w-56 flex-1">
          <span className="sr-only">{label}</span>
          <input
            className={inputClass}
            type="search"
            name="search"
            placeholder={placeholder}
            defaultValue={searchParams.get("search") ?? ""}
          />
        </label>
      ) : null}
      {filters.map((filter) => (
        <label key={filter.name}>
          <span className="sr-only">{filter.label}</span>
          <select className={inputClass} name={filter.name} defaultValue={searchParams.get(filter.name) ?? ""}>
            <option value="">{filter.anyLabel}</option>
            <Options options={filter.options} />
          </select>
        </label>
      ))}
      <Button type="submit" variant="secondary" pending={navigation.state === "loading" && navigation.formMethod === "GET"}>
        Search
      </Button>
    </Form>
  );
}

const capitalise = (value: string) => value[0].toUpperCase() + value.slice(1);

/** A status picker that posts on its own (event forms, applications). */
export function StatusForm({
  label,
  statuses,
  current,
  submitLabel,
  intent,
}: {
  label: string;
  statuses: readonly string[];
  current: string;
  submitLabel: string;
  intent?: string;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={label}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-700">Status</span>
        <select name="status" defaultValue={current} className="rounded-md border border-slate-300 px-3 py-2">
          {statuses.map((status) => (
            <option key={status} value={status}>
              {capitalise(status)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("primary", "sm")}>
        {submitLabel}
      </button>
    </Form>
  );
}
