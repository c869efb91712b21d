import { data } from "react-router";
import { requireId } from "~/lib/route-params.server";
import { API } from "#schemas/contract/index";
import { COMMITMENT_LABELS } from "#schemas/profile-kinds";
import { MatchSummary } from "~/components/co-founders/co-founder-card";
import { MessageButton } from "~/components/chat/message-button";
import { InviteForm } from "~/components/co-founders/invite-form";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/profile";
import { sendInvitation } from "./invite.server";
import { PlaceName } from "~/components/places/flag";
import { InAppLink } from "~/components/ui/in-app-link";
import { counted } from "#schemas/plural";

const NOT_FOUND = "Co-founder not found";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "co founder write");
  const id = requireId(params.id, NOT_FOUND);
  const { co_founder } = await context.get(apiContext).answer(API.showCoFounder, { params: { id } });
  return { profile: co_founder, hasStartup: Boolean(user.startup_id), isOwn: user.co_founder_id === co_founder.id };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requirePermission(context, "co founder write");
  const formData = await request.formData();
  if (formData.get("intent") !== "invite") throw data("That request was not understood.", { status: 400 });
  return sendInvitation(context, url, formData);
}

function Facts({ label, items }: { label: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1">
        {items.map((item) => (
          <Badge key={item}>{item}</Badge>
        ))}
      </dd>
    </div>
  );
}

export default function CoFounderProfile({ loaderData }: Route.ComponentProps) {
  const { profile, hasStartup, isOwn } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <InAppLink to="/co-founders/find" className="text-sm text-brand-700 hover:underline">
        ← Find co-founders
      </InAppLink>
      <Card>
        <div className="flex flex-wrap items-start gap-4">
          <Avatar name={profile.name} url={profile.avatar_url} size="size-16" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold text-slate-900">{profile.name}</h1>
            <p className="text-slate-600">{profile.headline}</p>
            <p className="mt-1 text-sm text-slate-500">
              <PlaceName city={profile.cityName} country={profile.country} /> · {COMMITMENT_LABELS[profile.commitment]} ·{" "}
              {counted(profile.followers_count, "follower")}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {hasStartup ? (
              profile.invitation_status === "pending" ? (
                <Badge tone="blue">Invitation pending</Badge>
              ) : (
                <InviteForm coFounderId={profile.id} name={profile.name} defaultRole={profile.match.matching_roles[0]} />
              )
            ) : null}
            {isOwn ? null : <MessageButton target={{ co_founder_id: profile.id }} name={profile.name} />}
            <FavoriteToggle type="co_founder" id={profile.id} favorited={profile.is_favorited} label={profile.name} />
          </div>
        </div>
        <div className="mt-4">
          <MatchSummary card={profile} hasStartup={hasStartup} />
        </div>
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">About</h2>
        <p className="whitespace-pre-line text-slate-700">{profile.bio}</p>
        {profile.looking_for ? (
          <>
            <h2 className="mt-4 mb-2 text-lg font-semibold">Looking for</h2>
            <p className="whitespace-pre-line text-slate-700">{profile.looking_for}</p>
          </>
        ) : null}
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Facts label="Skills" items={profile.skills} />
          <Facts label="Roles" items={profile.roles} />
          <Facts label="Industries" items={profile.industries} />
          <Facts label="Wants a startup at" items={profile.desired_stage ? [profile.desired_stage] : []} />
        </dl>
        {profile.links.length ? (
          <ul className="mt-4 space-y-1 text-sm">
            {profile.links.map((link) => (
              <li key={link}>
                <a href={link} className="text-brand-700 underline" rel="noopener noreferrer nofollow" target="_blank">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <InAppLink to="/co-founders" className={buttonClass("ghost", "sm")}>
        Your team
      </InAppLink>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.profile.name ?? "Co-founder"} · Launchpad` }];
