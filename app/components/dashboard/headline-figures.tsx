import type { DashboardData } from "~/routes/dashboard/data.server";
import { formatMoney } from "~/lib/event-format";
import { counted } from "#schemas/plural";
import { periodText } from "./labels";

interface Figure {
  label: string;
  value: string;
  note: string;
}

/**
 * The period's headline numbers above the cards, read from the same answers the cards draw (nothing is asked
 * twice): what a glance at the top of the page should tell. A figure whose card is off for this account, or
 * failed, is left out; its card says why.
 */
export function headlineFigures(cards: DashboardData, period: number): Figure[] {
  const figures: Figure[] = [];
  const during = periodText(period);
  if (cards.perDay?.ok) figures.push({ label: "Applications", value: String(cards.perDay.data.total), note: during });
  if (cards.billings?.ok) {
    const revenue = cards.billings.data.revenue;
    figures.push({
      label: "Revenue",
      value: revenue.length ? formatMoney(revenue[0].total, revenue[0].currency) : "None yet",
      note: revenue.length > 1 ? `${during}, and ${counted(revenue.length - 1, "other currency", "other currencies")}` : during,
    });
  }
  if (cards.followers?.ok)
    figures.push({
      label: "New followers",
      value: String(cards.followers.data.total),
      note: `${cards.followers.data.followers_count} in all`,
    });
  if (cards.upcoming?.ok) {
    const { events, total } = cards.upcoming.data;
    const taken = events.reduce((sum, event) => sum + event.places_taken, 0);
    // The card lists the soonest few: the places are theirs, said so when more events are coming.
    const over = events.length < total ? ` in the next ${events.length}` : "";
    figures.push({ label: "Upcoming events", value: String(total), note: `${counted(taken, "place")} taken${over}` });
  }
  return figures;
}

export function HeadlineFigures({ figures }: { figures: Figure[] }) {
  if (!figures.length) return null;
  return (
    <section aria-labelledby="at-a-glance">
      <h2 id="at-a-glance" className="sr-only">
        At a glance
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{figure.value}</dd>
            <dd className="mt-1 text-xs text-slate-600">{figure.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
