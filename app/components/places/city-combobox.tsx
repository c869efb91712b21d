import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { CityOption } from "#schemas/places";
import { placeRoutes } from "#schemas/contract/places";
import { pathTo } from "#schemas/contract/route";
import { FieldShell, inputClass } from "~/components/ui/field";
import { counted } from "#schemas/plural";

export interface CityComboboxProps {
  // The form's own schema type does not matter here: only the field's name, id and errors are read.
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: ReactNode;
  hint?: ReactNode;
  /** The name of the form's country field (an ISO code): the search keeps to its country. */
  countryField?: string;
  /** Turns the country field's value into an ISO code, for forms whose country field holds names (billing). */
  countryCodeOf?: (value: string) => string | undefined;
  autoComplete?: string;
}

/** Long enough not to ask on every key of a word typed quickly, short enough to feel immediate. */
const DEBOUNCE_MS = 200;
const SHOWN = 8;

/**
 * A city field. Without JavaScript (and before hydration) it is a plain text input that the server checks
 * against the city list (422 "Did you mean …"); with it, the same input becomes an ARIA 1.2 combobox over
 * The API's `listCities` (same origin, public): typing suggests the country's cities, most populous first;
 * ↓/↑ move, Enter picks, Escape closes. Free text stays allowed: the server has the last word.
 */
export function CityCombobox({
  field,
  label,
  hint,
  countryField = "country",
  countryCodeOf,
  autoComplete = "address-level2",
}: CityComboboxProps) {
  const props = getInputProps(field, { type: "text" });
  const id = props.id;
  const listId = `${id}-cities`;
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const [hydrated, setHydrated] = useState(false);
  const [options, setOptions] = useState<CityOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");

  useEffect(() => {
    setHydrated(true);
    return () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    };
  }, []);

  const country = () => {
    const element = inputRef.current?.form?.elements.namedItem(countryField);
    const value = element && "value" in element ? String(element.value) : "";
    const code = countryCodeOf ? countryCodeOf(value) : value;
    return code && /^[A-Za-z]{2}$/.test(code) ? code : "";
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (text: string) => {
    clearTimeout(timer.current);
    if (!text.trim()) {
      inFlight.current?.abort();
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      inFlight.current?.abort();
      const controller = (inFlight.current = new AbortController());
      const route = placeRoutes.listCities;
      const query = { search: text, limit: SHOWN, country: country() || undefined };
      try {
        const res = await fetch(pathTo(route, {}, query), { headers: { accept: "application/json" }, signal: controller.signal });
        if (!res.ok) throw new Error(String(res.status));
        const found = route.answer.parse(await res.json()).data;
        setOptions(found);
        setActive(-1);
        // The answer may come after the user moved on to another field: then it waits for ↓.
        setOpen(found.length > 0 && document.activeElement === inputRef.current);
        setStatus(found.length ? `${counted(found.length, "city", "cities")} found; use the arrow keys to choose.` : "No matching city.");
      } catch (error) {
        // A newer search replaced this one; any other failure leaves the field as plain text.
        if ((error as Error).name !== "AbortError") close();
      }
    }, DEBOUNCE_MS);
  };

  const choose = (option: CityOption) => {
    const input = inputRef.current;
    if (!input) return;
    input.value = option.name;
    // Conform listens for input events on the form: it then knows the field changed (and revalidates).
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setStatus(`${option.name} chosen.`);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  const { key: _key, ...inputProps } = props as typeof props & { key?: string };
  const combobox = hydrated
    ? {
        role: "combobox" as const,
        "aria-autocomplete": "list" as const,
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": open && active >= 0 ? `${listId}-${active}` : undefined,
        autoComplete: "off",
        onKeyDown,
        onChange: (event: { currentTarget: HTMLInputElement }) => search(event.currentTarget.value),
        onBlur: close,
      }
    : { autoComplete };

  return (
    <FieldShell label={label} id={id} errors={field.errors} errorId={field.errorId} hint={hint}>
      <div className="relative">
        <input ref={inputRef} className={inputClass} {...inputProps} {...combobox} />
        <ul
          id={listId}
          role="listbox"
          aria-label="Cities"
          hidden={!open}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {options.map((option, i) => (
            <li
              key={`${option.country_code}-${option.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input must not lose focus (and close the list) first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-brand-600 text-white" : "text-slate-800 hover:bg-slate-100"}`}
            >
              {option.name}
              {country() ? null : <span className={i === active ? "text-white/80" : "text-slate-500"}> · {option.country_code}</span>}
            </li>
          ))}
        </ul>
      </div>
      {hydrated ? (
        // aria-live without role="status": the page's own status message (e.g. setup's) stays the only one.
        <p aria-live="polite" className="sr-only">
          {status}
        </p>
      ) : null}
    </FieldShell>
  );
}
