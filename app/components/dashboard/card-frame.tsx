import type { ReactNode } from "react";
import { Card } from "~/components/ui/layout";
import { InAppLink } from "~/components/ui/in-app-link";

/** A dashboard card: a titled section; a card the API could not answer says so instead of its figures. */
export function DashboardCard({ title, id, wide, children }: { title: string; id: string; wide?: boolean; children: ReactNode }) {
  return (
    // min-w-0: a grid item may otherwise grow to its widest content instead of its column.
    <Card className={`min-w-0 space-y-4 ${wide ? "lg:col-span-2" : ""}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

export function CardFailed({ message }: { message: string }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      This card could not be loaded: {message}
    </p>
  );
}

/** What to do first when a card has nothing to show. */
export function FirstStep({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
      <p>{text}</p>
      <InAppLink to={to} className="mt-2 inline-block font-medium text-brand-700 underline">
        {action}
      </InAppLink>
    </div>
  );
}
