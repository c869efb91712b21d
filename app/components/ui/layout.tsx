import type { ComponentProps, HTMLAttributes, ReactNode } from "react";

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}

/** A white panel. `flush` leaves out its padding, for a table or a cover that runs to its edges. */
export function Card({
  children,
  className = "",
  flush = false,
  ...rest
}: HTMLAttributes<HTMLElement> & { children: ReactNode; flush?: boolean }) {
  // Positioned, so that what is placed absolutely inside (a screen reader's label in a table that scrolls
  // sideways) stays inside the card instead of widening the page.
  return (
    <section className={`relative rounded-lg border border-slate-200 bg-white shadow-sm ${flush ? "" : "p-6"} ${className}`} {...rest}>
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/**
 * A small rounded label in one of the tones, or in colours of its own given as `style` (a payment status's,
 * status-colors.ts); other attributes (a data-* for tests) go on the span.
 */
export function Badge({
  children,
  tone = "slate",
  style,
  ...attributes
}: { children: ReactNode; tone?: "slate" | "green" | "red" | "blue" } & Omit<ComponentProps<"span">, "className">) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-green-100 text-green-800",
    red: "bg-red-100 text-red-800",
    blue: "bg-brand-100 text-brand-700",
  };
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${style ? "" : tones[tone]}`} style={style} {...attributes}>
      {children}
    </span>
  );
}
