import { countryRoutes } from "#schemas/contract/countries";
import { pathTo } from "#schemas/contract/route";
import { countryName } from "~/lib/country-label";

/**
 * A country's flag as the SVG the app serves (flag-icons): it renders everywhere, unlike emoji flags,
 * which are two boxed letters on systems without an emoji font. Decorative by default (the country's
 * name is next to it); pass `label` when the flag stands alone.
 */
export function Flag({ code, label, className = "" }: { code: string; label?: string; className?: string }) {
  if (!/^[A-Z]{2}$/i.test(code)) return null;
  return (
    <img
      src={pathTo(countryRoutes.countryFlag, { file: `${code.toLowerCase()}.svg` })}
      alt={label ?? ""}
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className={`inline-block h-[0.9em] w-auto shrink-0 rounded-[2px] align-[-0.05em] ring-1 ring-slate-900/10 ${className}`}
    />
  );
}

/** "🏳 Lagos, Nigeria": a city and its country with the country's flag. */
export function PlaceName({ city, country }: { city: string; country: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Flag code={country} />
      <span>
        {city ? `${city}, ` : ""}
        {countryName(country)}
      </span>
    </span>
  );
}

/** A country as people read it: its flag (the app's SVG) and its name; anything that is not a code, as it is. */
export function CountryName({ code }: { code: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Flag code={code} />
      {countryName(code)}
    </span>
  );
}
