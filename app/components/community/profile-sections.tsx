import type { FollowAccount } from "#schemas/follows";
import { TeamMemberLine } from "~/components/co-founders/team-member-line";
import type { LimitedFollowers, ProfileEvent, TeamMember } from "#schemas/startups";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import type { Page } from "#schemas/answers";
import { useDates } from "~/lib/dates";
import { InAppLink } from "~/components/ui/in-app-link";
import { EventCover } from "~/components/events/event-cover";

const TYPE_LABELS: Record<FollowAccount["type"], string> = { startup: "Startup", organization: "Organization", co_founder: "Co-founder" };

/** The first few followers' pictures, as on a profile card. */
export function FollowerAvatars({ followers }: { followers: LimitedFollowers }) {
  if (followers.total === 0) return null;
  const more = followers.total - followers.data.length;
  return (
    <div className="flex items-center gap-2" aria-label="Some of the followers">
      <ul className="flex -space-x-2">
        {followers.data.map((f) => (
          <li key={`${f.type}-${f.id}`} title={f.name} className="rounded-full ring-2 ring-white">
            <Avatar name={f.name} url={f.avatar_url} />
          </li>
        ))}
      </ul>
      {more > 0 ? <span className="text-sm text-slate-600">and {more} more</span> : null}
    </div>
  );
}

/**
 * The followers, a page at a time. Co-founder profiles open only with "co founder write", so
 * without it their names are plain text rather than links to a 403.
 */
export function FollowersList({ followers, canOpenPeople }: { followers: Page<FollowAccount>; canOpenPeople: boolean }) {
  const dates = useDates();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900" id="followers">
        Followers
      </h2>
      {followers.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No followers yet. Be the first.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {followers.data.map((f) => (
            <li key={`${f.type}-${f.id}`} className="flex items-center gap-3 py-2">
              <Avatar name={f.name} url={f.avatar_url} />
              {f.type !== "co_founder" || canOpenPeople ? (
                <InAppLink to={f.link} className="font-medium text-slate-800 hover:underline">
                  {f.name}
                </InAppLink>
              ) : (
                <span className="font-medium text-slate-800">{f.name}</span>
              )}
              <Badge>{TYPE_LABELS[f.type]}</Badge>
              <span className="ml-auto text-xs text-slate-500">since {dates.day(f.followed_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination meta={followers.meta} />
    </Card>
  );
}

export function UpcomingEvents({ events }: { events: ProfileEvent[] }) {
  const dates = useDates();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Upcoming events</h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No upcoming events.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center gap-3 py-3">
              <EventCover event={event} size="thumb" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{event.title}</p>
                <p className="text-sm text-slate-600">
                  {dates.day(event.starts_at)} · {event.type_of_event === "paid" ? "Paid" : "Free"}
                </p>
              </div>
              <InAppLink to={event.link} className={buttonClass("secondary", "sm")} aria-label={`Apply to ${event.title}`}>
                Apply
              </InAppLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function Team({ team }: { team: TeamMember[] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Team</h2>
      {team.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No co-founders listed yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {team.map((member) => (
            <li key={member.co_founder_id} className="flex items-center gap-3">
              <TeamMemberLine member={member} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
