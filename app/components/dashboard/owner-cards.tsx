/** The cards of a startup or organization: applications, review stages, payments, upcoming events. */
import type { ApplicationsByStage, ApplicationsPerDay, BillingsSummary, UpcomingEvents } from "#schemas/dashboard";
import { formatEventTime } from "~/lib/event-format";
import { BillingStatusBadge } from "~/components/billing/status-badge";
import { CardFailed, DashboardCard, FirstStep } from "./card-frame";
import { ChartFigure, NumbersTable, type RenderedChart } from "./chart";
import { longDate } from "./chart-spec";
import { periodText, statusLabel } from "./labels";
import { InAppLink } from "~/components/ui/in-app-link";
import { counted } from "#schemas/plural";

type Loaded<T> = { ok: true; data: T } | { ok: false; message: string } | null;

const CREATE_FORM = { to: "/event-forms/create", action: "Create an event form" };

/** Nothing to show yet: a member who may build forms is offered the first one, anyone else is told. */
function NothingYet({ text, canCreate, then }: { text: string; canCreate: boolean; then: string }) {
  return canCreate ? <FirstStep text={`${text} ${then}`} {...CREATE_FORM} /> : <p className="text-sm text-slate-600">{text}</p>;
}

export function ApplicationsPerDayCard({
  card,
  canCreate,
}: {
  card: Loaded<ApplicationsPerDay & { chart: RenderedChart }>;
  canCreate: boolean;
}) {
  if (!card) return null;
  return (
    <DashboardCard title="Applications per day" id="card-applications" wide>
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.total === 0 ? (
        card.data.forms.length === 0 ? (
          <NothingYet
            text="No applications yet: you have no event forms."
            then="Build one and publish it to start taking applications."
            canCreate={canCreate}
          />
        ) : (
          <FirstStep
            text={
              `No applications in ${periodText(card.data.period)}${card.data.event_form ? ` for ${card.data.event_form.title}` : ""}. ` +
              "Publish a form and share its link."
            }
            to="/event-forms"
            action="Go to your event forms"
          />
        )
      ) : (
        <ChartFigure
          title={
            `${counted(card.data.total, "application")} in ${periodText(card.data.period)}` +
            `${card.data.event_form ? ` · ${card.data.event_form.title}` : " · all forms"} (days in ${card.data.time_zone})`
          }
          label={
            `Line chart of applications per day from ${longDate(card.data.from)} to ${longDate(card.data.to)}: ` +
            `${card.data.total} in all, at most ${Math.max(...card.data.days.map((d) => d.count))} on one day.`
          }
          chart={card.data.chart}
          table={
            <NumbersTable
              caption="Applications per day"
              head={["Date", "Applications"]}
              rows={card.data.days.map((d) => [longDate(d.date), d.count])}
            />
          }
        />
      )}
    </DashboardCard>
  );
}

export function StagesCard({ card }: { card: Loaded<ApplicationsByStage & { chart: RenderedChart }> }) {
  if (!card) return null;
  return (
    <DashboardCard title="Applications by review stage" id="card-stages">
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.total === 0 ? (
        <FirstStep
          text={`No submitted applications in ${periodText(card.data.period)} to review.`}
          to="/event-forms"
          action="Go to your event forms"
        />
      ) : (
        <ChartFigure
          title={card.data.total === 1 ? "Where the 1 application stands" : `Where the ${card.data.total} applications stand`}
          label={`Bar chart of applications by review stage: ${card.data.stages.map((s) => `${statusLabel(s.status)} ${s.count}`).join(", ")}.`}
          chart={card.data.chart}
          table={
            <NumbersTable
              caption="Applications by review stage"
              head={["Stage", "Applications"]}
              rows={card.data.stages.map((s) => [statusLabel(s.status), s.count])}
            />
          }
        />
      )}
    </DashboardCard>
  );
}

type BillingsCardData = BillingsSummary & { chart: RenderedChart; revenueCharts: { currency: string; chart: RenderedChart }[] };

export function BillingsCard({ card }: { card: Loaded<BillingsCardData> }) {
  if (!card) return null;
  return (
    <DashboardCard title="Payments" id="card-payments">
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.total === 0 ? (
        <FirstStep
          text={`No billings in ${periodText(card.data.period)}. Paid event forms take payment before the application.`}
          {...{ to: "/event-forms/create", action: "Create a paid event form" }}
        />
      ) : (
        <div className="space-y-6">
          <ChartFigure
            title={`${counted(card.data.total, "billing")} by payment status`}
            label={`Pie chart of billings by payment status: ${card.data.statuses.map((s) => `${s.status} ${s.count}`).join(", ")}.`}
            chart={card.data.chart}
            table={
              <NumbersTable
                caption="Billings by payment status"
                head={["Payment status", "Billings"]}
                rows={card.data.statuses.map((s) => [<BillingStatusBadge key={s.status} status={s.status} />, s.count])}
              />
            }
          />
          {card.data.revenue.length === 0 ? (
            <p className="text-sm text-slate-600">No payment succeeded in {periodText(card.data.period)} yet.</p>
          ) : null}
          {card.data.revenueCharts.map(({ currency, chart }) => {
            const revenue = card.data.revenue.find((r) => r.currency === currency)!;
            return (
              <ChartFigure
                key={currency}
                title={`Revenue per week in ${currency}: ${revenue.total} (weeks from Monday, ${card.data.time_zone})`}
                label={`Line chart of revenue per week in ${currency}, ${revenue.total} in all.`}
                chart={chart}
                table={
                  <NumbersTable
                    caption={`Revenue per week in ${currency}`}
                    head={["Week of", currency]}
                    rows={revenue.weeks.map((w) => [longDate(w.week), w.total])}
                  />
                }
              />
            );
          })}
        </div>
      )}
    </DashboardCard>
  );
}

/**
 * `opens`: where an event's link goes, its responses, or, for a member who only checks people in at the door,
 * its check-in screen (then nothing offers the forms they cannot open).
 */
export function UpcomingCard({
  card,
  opens = "responses",
  canCreate,
}: {
  card: Loaded<UpcomingEvents>;
  opens?: "responses" | "check-in";
  canCreate: boolean;
}) {
  if (!card) return null;
  const door = opens === "check-in";
  return (
    <DashboardCard title="Upcoming events" id="card-upcoming">
      {!card.ok ? (
        <CardFailed message={card.message} />
      ) : card.data.events.length === 0 ? (
        <NothingYet text="No published event is coming up." then="Publish a form so people can apply." canCreate={canCreate} />
      ) : (
        <ul className="space-y-3">
          {card.data.events.map((event) => {
            const share = event.capacity ? Math.min(100, Math.round((event.places_taken / event.capacity) * 100)) : null;
            return (
              <li key={event.id} className="text-sm">
                <InAppLink
                  to={door ? `/event-forms/check-in/${event.id}` : `/event-responses/${event.id}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {event.title}
                </InAppLink>
                <p className="text-slate-600">{formatEventTime(event.starts_at, event.ends_at, event.timezone)}</p>
                <p className="text-slate-700">
                  {event.capacity
                    ? `${event.places_taken} of ${counted(event.capacity, "place")} taken (${share} %)`
                    : `${counted(event.places_taken, "application")}, no capacity limit`}
                  {event.checked_in ? ` · ${event.checked_in} checked in` : ""}
                </p>
                {share !== null ? (
                  <div className="mt-1 h-2 rounded bg-slate-100" aria-hidden>
                    <div className="h-2 rounded bg-brand-600" style={{ width: `${share}%` }} />
                  </div>
                ) : null}
              </li>
            );
          })}
          {!door && card.data.total > card.data.events.length ? (
            <li className="text-sm">
              <InAppLink to="/event-forms?status=published" className="text-brand-700 underline">
                All {counted(card.data.total, "upcoming event")}
              </InAppLink>
            </li>
          ) : null}
        </ul>
      )}
    </DashboardCard>
  );
}
