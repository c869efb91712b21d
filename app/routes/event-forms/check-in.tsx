import { roleCan } from "~/lib/permissions";
import { useRef } from "react";
import { data, Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { checkInAnswer, formatTicketCode, type TicketView } from "#schemas/check-ins";
import { API } from "#schemas/contract/index";
import { CHECK_INS_CHANGED_EVENT, eventFormChannel, SOCKET_ID_FIELD } from "#schemas/realtime";
import { CameraScanner } from "~/components/check-in/camera-scanner";
import { ScanResult } from "~/components/check-in/scan-result";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { DataTable } from "~/components/ui/data-table";
import { Badge, Card, PageHeader } from "~/components/ui/layout";
import { ListSearch } from "~/components/ui/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { formatEventTime, STATUS_TONES } from "~/lib/event-format";
import { requirePermission } from "~/lib/guards.server";
import { listQueryOf } from "~/lib/list-query.server";
import { SenderSocketField, senderSocketHeader, useSocketId } from "~/lib/realtime/sender-socket";
import { useLiveRevalidate } from "~/lib/realtime/use-live-revalidate";
import { requireId } from "~/lib/route-params.server";
import type { Route } from "./+types/check-in";

/*
 * The door of an event (/event-forms/check-in/{id}), for its owner: scan a ticket's QR code with the
 * device's camera, type its code, or find the person by name; every answer says at once what the ticket
 * is. The figures (checked in of expected) follow every door's scans live.
 */

const FORM_NOT_FOUND = "Event Form not found";
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "event response write");
  const id = requireId(params.id, FORM_NOT_FOUND);
  const query = listQueryOf(url, ["page", "search"], { per_page: "25" });
  // A member who works the door only is shown no addresses, and so cannot search by one.
  const searchHint = roleCan(user, "forms.read") ? "Search by name, email or code" : "Search by name or code";
  return { door: await context.get(apiContext).answer(API.listCheckIns, { params: { id }, query }), searchHint };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "event response write");
  const id = requireId(params.id, FORM_NOT_FOUND);
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const api = context.get(apiContext);
  if (form.get("intent") === "undo") {
    const undone = await api.request(API.undoCheckIn, { params: { id, code } }, senderSocketHeader(form));
    return data({ answer: null, undone: undone.body.message, errors: null }, { status: undone.status });
  }
  const result = await api.request(API.checkIn, { params: { id }, body: { code } }, senderSocketHeader(form));
  if (!result.ok && result.status === 422)
    return data({ answer: null, undone: null, errors: result.body.errors?.code ?? null }, { status: 422 });
  // Past the member's scans per window: said under the code, with when to try again.
  if (!result.ok && result.status === 429)
    return data({ answer: null, undone: null, errors: result.body.errors?.code ?? [result.body.message] }, { status: 429 });
  // Every outcome (in, already in, cancelled, another event, unknown) is an answer for the door, not an error page.
  const outcome = result.ok ? { success: true as const, data: result.body } : checkInAnswer.safeParse(result.body);
  if (outcome.success) return data({ answer: outcome.data, undone: null, errors: null }, { status: result.status });
  throw data(result.body.message, { status: result.status });
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { door } = loaderData;
  const form = door.event_form;
  const dates = useDates();
  const navigation = useNavigation();
  const submit = useSubmit();
  const scanForm = useRef<HTMLFormElement>(null);
  const [searchParams] = useSearchParams();
  // Other doors' scans reload the list; this door's own come back with its action (SenderSocketField).
  useLiveRevalidate(eventFormChannel(form.id), CHECK_INS_CHANGED_EVENT);
  const socketId = useSocketId();
  const busy = navigation.state === "submitting";
  const counts = actionData?.answer?.counts ?? door.counts;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={`Check-in: ${form.title}`} description={formatEventTime(form.starts_at, form.ends_at, form.timezone)} />
      <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">Scan or type a ticket</h2>
          <Form method="post" ref={scanForm} className="flex flex-wrap items-end gap-3" aria-label="Check a ticket in">
            <input type="hidden" name="intent" value="check_in" />
            <SenderSocketField socketId={socketId} />
            <label className="min-w-56 flex-1">
              <span className="mb-1 block text-sm font-medium text-slate-700">Ticket code</span>
              <input
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="ABCD-EFGH"
                className="field-input"
                aria-invalid={actionData?.errors ? true : undefined}
                aria-describedby={actionData?.errors ? "code-errors" : undefined}
              />
            </label>
            <Button type="submit" pending={busy && navigation.formData?.get("intent") === "check_in"}>
              Check in
            </Button>
          </Form>
          {actionData?.errors ? <FieldErrors id="code-errors" errors={actionData.errors} /> : null}
          <CameraScanner onCode={(code) => submit({ intent: "check_in", code, [SOCKET_ID_FIELD]: socketId ?? "" }, { method: "post" })} />
          <ScanResult answer={actionData?.answer ?? null} />
          {actionData?.undone ? (
            <p role="status" className="text-slate-700">
              {actionData.undone}
            </p>
          ) : null}
        </Card>
        <Card className="h-fit text-center" aria-label="Door figures">
          <p className="text-4xl font-bold text-slate-900" data-testid="door-counts">
            {counts.checked_in} / {counts.expected}
          </p>
          <p className="text-sm text-slate-600">checked in of expected</p>
        </Card>
      </div>
      <section aria-labelledby="tickets-heading" className="space-y-3">
        <h2 id="tickets-heading" className="text-lg font-semibold">
          Find someone
        </h2>
        <ListSearch label="Search tickets" placeholder={loaderData.searchHint} />
        <DataTable
          caption={`Tickets to ${form.title}`}
          rows={door.data}
          rowKey={(ticket) => ticket.application_id}
          rowProps={(ticket) => ({ "data-testid": `ticket-${ticket.ticket_code}` })}
          empty={{ title: "No tickets found", children: searchParams.get("search") ? "Try another search." : "Nobody has applied yet." }}
          columns={[
            {
              label: "Name",
              cell: (ticket) => (
                <>
                  <p className="font-medium">{ticket.name}</p>
                  {ticket.email ? <p className="text-slate-500">{ticket.email}</p> : null}
                </>
              ),
            },
            { label: "Code", className: "font-mono", cell: (ticket) => formatTicketCode(ticket.ticket_code) },
            { label: "Status", cell: (ticket) => <Badge tone={STATUS_TONES[ticket.status]}>{ticket.status}</Badge> },
            {
              label: "Checked in",
              className: "text-slate-600",
              cell: (ticket) =>
                ticket.checked_in_at
                  ? `${dates.dayTimeBesideEvent(ticket.checked_in_at, form.timezone)}${ticket.checked_in_by ? ` by ${ticket.checked_in_by}` : ""}`
                  : "—",
            },
          ]}
          actions={{ cell: (ticket) => <TicketAction ticket={ticket} socketId={socketId} /> }}
        />
        <Pagination meta={door.meta} />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Check-in: ${data?.door.event_form.title ?? "event"} · Launchpad` }];

/** A row's one action: undo its check-in, or check it in; none for a ticket that holds no place, which the door would turn away. */
function TicketAction({ ticket, socketId }: { ticket: TicketView; socketId: string | null }) {
  if (!ticket.checked_in_at && !ticket.admits) return <span className="text-slate-500">Not admitted</span>;
  const undo = ticket.checked_in_at !== null;
  return (
    <Form method="post">
      <input type="hidden" name="code" value={ticket.ticket_code} />
      <SenderSocketField socketId={socketId} />
      <Button
        type="submit"
        name="intent"
        value={undo ? "undo" : "check_in"}
        variant={undo ? "ghost" : "secondary"}
        size="sm"
        aria-label={undo ? `Undo the check-in of ${ticket.name}` : `Check in ${ticket.name}`}
      >
        {undo ? "Undo" : "Check in"}
      </Button>
    </Form>
  );
}
