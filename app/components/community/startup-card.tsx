import type { DirectoryStartup } from "#schemas/startups";
import { FavoriteToggle } from "~/components/favorites/favorite-toggle";
import { Badge } from "~/components/ui/layout";
import { PlaceName } from "~/components/places/flag";
import { FollowButton } from "./follow-button";
import { StartupLogo } from "./startup-logo";
import { InAppLink } from "~/components/ui/in-app-link";
import { MatchScore } from "~/components/co-founders/match-legend";

/** One directory entry: logo, name, place, industry, followers, Follow and the favorite star. */
export function StartupCard({
  startup,
  blockedReason,
  ownId,
}: {
  startup: DirectoryStartup;
  blockedReason: string | null;
  ownId: number | null;
}) {
  const own = ownId === startup.id;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid={`startup-${startup.username}`}>
      <div className="flex items-start gap-3">
        <StartupLogo name={startup.name} url={startup.logo} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">
            <InAppLink to={`/startups/${startup.username}`} className="hover:text-brand-700 hover:underline">
              {startup.name}
            </InAppLink>
          </h2>
          <p className="truncate text-sm text-slate-600">
            <PlaceName city={startup.cityName} country={startup.country} />
          </p>
        </div>
        <FavoriteToggle type={startup.account_type} id={startup.id} favorited={startup.is_favorited ?? false} label={startup.name} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone="blue">{startup.industry}</Badge>
        {startup.stage ? <Badge>{startup.stage}</Badge> : null}
      </div>
      {startup.match ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="startup-match">
          <MatchScore match={startup.match} />
          {startup.match.reasons.length ? startup.match.reasons.join(" · ") : "Nothing it looks for matches your profile yet."}
        </p>
      ) : null}
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">{startup.description}</p>
      <div className="mt-4 border-t border-slate-100 pt-3">
        <FollowButton
          followeeId={startup.id}
          followeeType={startup.account_type}
          name={startup.name}
          following={startup.is_following ?? false}
          followersCount={startup.followers_count}
          blockedReason={own ? "This is your account." : blockedReason}
        />
      </div>
    </li>
  );
}
