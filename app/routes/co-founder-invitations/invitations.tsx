import { Form, data, useNavigation, useSearchParams } from "react-router";
import { parseId } from "#schemas/ids";
import { INVITATION_STATUSES } from "#schemas/invitation-kinds";
import type { InvitationView } from "#schemas/invitations";
import { API } from "#schemas/contract/index";
import type { CurrentUser } from "#schemas/auth";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { apiContext, userContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import { redirectWithToast } from "~/lib/flash.server";
import { FORBIDDEN } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/invitations";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";

/** Invitations are for a startup or a co-founder; anyone else gets 403 'Access Forbidden'. */
function requireInvitationAccount(user: CurrentUser) {
  if (!user.startup_id && !user.co_founder_id) throw data(FORBIDDEN, { status: 403 });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  requireInvitationAccount(context.get(userContext));
  const query = listQueryOf(url, ["page", "box", "status"], { per_page: "20" });
  return { invitations: await context.get(apiContext).answer(API.listCoFounderInvitations, { query }) };
}

const ACTIONS = {
  accept: API.acceptCoFounderInvitation,
  decline: API.declineCoFounderInvitation,
  withdraw: API.withdrawCoFounderInvitation,
} as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  requireInvitationAccount(context.get(userContext));
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = parseId(formData.get("id"));
  if (!(intent in ACTIONS) || id === undefined) throw data("That request was not understood.", { status: 400 });
  const response = formData.get("response_message");
  const api = context.get(apiContext);
  const reply = { response_message: typeof response === "string" ? response : undefined };
  const result =
    intent === "withdraw"
      ? await api.request(ACTIONS.withdraw, { params: { id } })
      : await api.request(ACTIONS[intent as "accept" | "decline"], { params: { id }, body: reply });
  const toast = result.ok
    ? ({ type: "success", message: result.body.message } as const)
    : ({ type: "error", message: result.body.message } as const);
  return redirectWithToast(context.get(requestEnvContext), url.pathname + url.search, toast);
}

const TONES = { pending: "blue", accepted: "green", declined: "red", withdrawn: "slate" } as const;
const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

export default function Invitations({ loaderData }: Route.ComponentProps) {
  const { invitations } = loaderData;
  const [params] = useSearchParams();
  const status = params.get("status") ?? "";
  const link = (changes: Record<string, string>) => {
    const next = new URLSearchParams({ box: invitations.box, ...(status ? { status } : {}), ...changes });
    for (const [k, v] of [...next]) if (!v) next.delete(k);
    return `?${next}`;
  };
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Co-founder invitations"
        description={
          invitations.box === "sent"
            ? "Invitations your startup sent. Withdraw one that is still pending."
            : "Startups that invited you to join their team."
        }
      />
      {invitations.can_send && invitations.can_receive ? (
        <nav aria-label="Invitation boxes" className="flex gap-2">
          {(["sent", "received"] as const).map((box) => (
            <InAppLink
              key={box}
              to={link({ box, status: "", page: "" })}
              aria-current={invitations.box === box ? "page" : undefined}
              className={buttonClass(invitations.box === box ? "primary" : "secondary", "sm")}
            >
              {capitalise(box)}
            </InAppLink>
          ))}
        </nav>
      ) : null}
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2 text-sm">
        {["", ...INVITATION_STATUSES].map((s) => (
          <InAppLink
            key={s || "all"}
            to={link({ status: s, page: "" })}
            aria-current={status === s ? "page" : undefined}
            className={
              "rounded-full border px-3 py-1 " +
              (status === s ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-700")
            }
          >
            {s ? capitalise(s) : "All"}
          </InAppLink>
        ))}
      </nav>
      {invitations.data.length === 0 ? (
        <EmptyState title={status ? `No ${status} invitations` : "No invitations yet"}>
          {invitations.box === "sent" ? (
            <InAppLink to="/co-founders/find" className="text-brand-700 underline">
              Find a co-founder to invite
            </InAppLink>
          ) : (
            "When a startup invites you, it appears here."
          )}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Invitations">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} box={invitations.box} />
          ))}
        </ul>
      )}
      <Pagination meta={invitations.meta} />
    </div>
  );
}

function InvitationRow({ invitation, box }: { invitation: InvitationView; box: "sent" | "received" }) {
  const dates = useDates();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(invitation.id);
  const other =
    box === "sent"
      ? { name: invitation.co_founder.name, sub: invitation.co_founder.headline, avatar: invitation.co_founder.avatar_url }
      : { name: invitation.startup.name, sub: `@${invitation.startup.username}`, avatar: invitation.startup.logo_url };
  const offer = [invitation.title, invitation.role].filter(Boolean).join(" · ");
  return (
    <li data-testid={`invitation-${invitation.id}`}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start gap-3">
          <Avatar name={other.name} url={other.avatar} size="size-10" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{other.name}</p>
            <p className="text-sm text-slate-600">{other.sub}</p>
            <p className="text-xs text-slate-500">
              {box === "sent" ? "Sent" : "Received"} {dates.day(invitation.created_at)}
              {offer ? ` · offers ${offer}` : ""}
            </p>
          </div>
          <Badge tone={TONES[invitation.status]}>{capitalise(invitation.status)}</Badge>
        </div>
        {invitation.message ? (
          <blockquote className="border-l-4 border-slate-200 pl-3 text-sm text-slate-700">{invitation.message}</blockquote>
        ) : null}
        {invitation.response_message ? <p className="text-sm text-slate-600">Reply: {invitation.response_message}</p> : null}
        {invitation.status === "pending" && box === "received" ? (
          <Form method="post" className="space-y-2" aria-label={`Answer ${invitation.startup.name}`}>
            <input type="hidden" name="id" value={invitation.id} />
            <label className="block text-sm" htmlFor={`reply-${invitation.id}`}>
              <span className="mb-1 block font-medium text-slate-700">Message to {invitation.startup.name} (optional)</span>
              <textarea id={`reply-${invitation.id}`} name="response_message" rows={2} maxLength={1000} className={inputClass} />
            </label>
            <div className="flex gap-2">
              <Button
                type="submit"
                name="intent"
                value="accept"
                size="sm"
                pending={busy && navigation.formData?.get("intent") === "accept"}
              >
                Accept
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                variant="secondary"
                size="sm"
                pending={busy && navigation.formData?.get("intent") === "decline"}
              >
                Decline
              </Button>
            </div>
          </Form>
        ) : null}
        {invitation.status === "pending" && box === "sent" ? (
          <Form method="post" aria-label={`Withdraw the invitation to ${invitation.co_founder.name}`}>
            <input type="hidden" name="id" value={invitation.id} />
            <Button type="submit" name="intent" value="withdraw" variant="secondary" size="sm" pending={busy}>
              Withdraw
            </Button>
          </Form>
        ) : null}
      </Card>
    </li>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Co-founder invitations · Launchpad" }];
