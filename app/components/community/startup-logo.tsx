import { initialsOf } from "~/components/ui/avatar";

/** A startup's logo, or its initials on a tinted square when it has none. Decorative: the name is always next to it. */
export function StartupLogo({ name, url, size = "size-12" }: { name: string; url: string | null; size?: string }) {
  if (url) return <img src={url} alt="" className={`${size} shrink-0 rounded-lg border border-slate-200 object-cover`} />;
  return (
    <span
      className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-sm font-semibold text-brand-700`}
      aria-hidden
    >
      {initialsOf(name)}
    </span>
  );
}
