import type { FollowAccount } from "#schemas/follows";
import { API } from "#schemas/contract/index";
import { parseId } from "#schemas/ids";
import type { LimitedFollowers } from "#schemas/startups";
import { MessageButton } from "~/components/chat/message-button";
import { FollowButton, NO_ACCOUNT_REASON } from "~/components/community/follow-button";
import { FollowerAvatars, FollowersList, Team, UpcomingEvents } from "~/components/community/profile-sections";
import { StartupLogo } from "~/components/community/startup-logo";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Badge, Card } from "~/components/ui/layout";
import { apiContext, userContext } from "~/lib/contexts";
import { can } from "~/lib/guards.server";
import type { Page } from "#schemas/answers";
import type { Route } from "./+types/profile";
import { followAction } from "./follow.server";
import { PlaceName } from "~/components/places/flag";
import { InAppLink } from "~/components/ui/in-app-link";

/** A profile's followers, a page at a time (?page=). */
const FOLLOWERS_PER_PAGE = 10;
/** How many followers' avatars the header shows (no more than a page of followers). */
const AVATARS = 8;

/** The followers route answers the first few and the total when asked for `limited`, else a page. */
const limitedOf = (answer: LimitedFollowers | Page<FollowAccount>): LimitedFollowers =>
  "total" in answer ? answer : { data: answer.data, total: answer.meta.total };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = context.get(userContext);
  const page = parseId(url.searchParams.get("page")) ?? 1;
  // One call: the profile with this page of its followers. An unknown username is the API's 404
  // "Startup not found", shown as the status screen.
  const { followers: followersPage, ...profile } = await api.answer(API.showStartup, {
    params: { username: params.username },
    query: { followers_limit: FOLLOWERS_PER_PAGE, followers_page: page },
  });
  // Present whenever followers_limit is asked for.
  const followers: Page<FollowAccount> = followersPage!;
  // Both lists are newest first: on the first page the avatars are its first few.
  const avatars: LimitedFollowers =
    page === 1
      ? { data: followers.data.slice(0, AVATARS), total: followers.meta.total }
      : limitedOf(
          await api.answer(API.listStartupFollowers, { params: { id: profile.id }, query: { limited: "1", limit: String(AVATARS) } }),
        );
  const blockedReason = profile.is_own ? "This is your account." : user.startup_id || user.co_founder_id ? null : NO_ACCOUNT_REASON;
  return { profile, avatars, followers, blockedReason, canOpenPeople: can(user, "co founder write") };
}

export const action = (args: Route.ActionArgs) => followAction(args);

export default function StartupProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, avatars, followers, blockedReason, canOpenPeople } = loaderData;
  const links = [...(profile.website ? [profile.website] : []), ...profile.links];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <InAppLink to={`/startups?type=${profile.account_type}`} className="text-sm text-brand-700 hover:underline">
        ← All {profile.account_type === "startup" ? "startups" : "organizations"}
      </InAppLink>
      <Card>
        <div className="flex flex-wrap items-start gap-5">
          <StartupLogo name={profile.name} url={profile.logo} size="size-20" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-slate-900">{profile.name}</h1>
              <FavoriteToggle type={profile.account_type} id={profile.id} favorited={profile.is_favorited} label={profile.name} />
            </div>
            <p className="text-sm text-slate-600">
              @{profile.username} · <PlaceName city={profile.cityName} country={profile.country} />
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge>{profile.account_type === "startup" ? "Startup" : "Organization"}</Badge>
              <Badge tone="blue">{profile.industry}</Badge>
              {profile.stage ? <Badge>{profile.stage}</Badge> : null}
            </div>
          </div>
        </div>
        <p className="mt-4 whitespace-pre-line text-slate-700">{profile.description}</p>
        {links.length ? (
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {links.map((link) => (
              <li key={link}>
                <a href={link} className="text-brand-700 hover:underline" rel="noopener noreferrer nofollow" target="_blank">
                  {link.replace(/^https?:\/\//, "")}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-slate-100 pt-4">
          <FollowButton
            followeeId={profile.id}
            followeeType={profile.account_type}
            name={profile.name}
            following={profile.is_following}
            followersCount={profile.followers_count}
            blockedReason={blockedReason}
            size="md"
            live
          />
          {profile.is_own ? null : <MessageButton target={{ startup_id: profile.id }} name={profile.name} />}
          <span className="text-sm text-slate-600">Following {profile.following_count}</span>
          <FollowerAvatars followers={avatars} />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingEvents events={profile.events} />
        <Team team={profile.team} />
      </div>
      <FollowersList followers={followers} canOpenPeople={canOpenPeople} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.profile.name ?? "Startup not found"} · Launchpad` }];
