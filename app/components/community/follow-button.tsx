import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FollowResult, FollowType } from "#schemas/follows";
import { coFounderChannel, FOLLOWERS_COUNT_CHANGED_EVENT, startupChannel } from "#schemas/realtime";
import { showToast } from "~/components/feedback/toaster";
import { buttonClass } from "~/components/ui/button";
import { useChannel } from "~/lib/realtime/realtime";

/** What the Follow button's fetcher gets back (JavaScript on); with it off the action redirects instead. */
export type FollowActionData = ({ error?: false } & FollowResult) | { error: true; message: string };

export interface FollowButtonProps {
  followeeId: number;
  followeeType: FollowType;
  /** The account's name, for the button's accessible name ("Follow Acme Robotics"). */
  name: string;
  following: boolean;
  followersCount: number;
  /** Why the viewer cannot follow (no startup or co-founder profile, or it is their own account); null when they can. */
  blockedReason: string | null;
  size?: "sm" | "md";
  /** Follow the count live (FollowersCountChanged on the account's public channel): on profiles. */
  live?: boolean;
}

/** Why a user cannot follow anyone: following is done as a startup, organization or co-founder profile. */
export const NO_ACCOUNT_REASON = "Set up a startup or co-founder profile to follow.";

export const followersLabel = (n: number) => `${n} follower${n === 1 ? "" : "s"}`;

/**
 * The followers count and a Follow/Unfollow button. A real form posting to the page's own action, so it
 * works without JavaScript. With JavaScript it posts through a fetcher: the label and the count change at
 * once (from the pending form data), then settle to the server's count, and the toast shows here.
 *
 * Until the page is hydrated, and so always on the server, it is the plain form (see FavoriteToggle).
 */
export function FollowButton(props: FollowButtonProps) {
  const location = useLocation();
  if (useHydrated()) return <LiveFollowButton {...props} />;
  return (
    <form method="post" action={location.pathname + location.search} className={FORM_CLASS}>
      <FollowFields {...props} on={props.following} count={props.followersCount} />
    </form>
  );
}

const FORM_CLASS = "flex flex-wrap items-center gap-3";

function LiveFollowButton(props: FollowButtonProps) {
  const { followeeId, followeeType, following, followersCount, live = false } = props;
  const fetcher = useFetcher<FollowActionData>();
  // The newest count someone else's follow announced; it holds until this button's own answer is newer.
  const [announced, setAnnounced] = useState<{ count: number; after: FollowActionData | undefined } | null>(null);
  const channel = live ? (followeeType === "co_founder" ? coFounderChannel(followeeId) : startupChannel(followeeId)) : null;
  const [listening, setListening] = useState(false);
  useChannel(channel, FOLLOWERS_COUNT_CHANGED_EVENT, (event) => setAnnounced({ count: event.followers_count, after: fetcher.data }), {
    onSubscribed: () => setListening(true),
  });

  const answered = useRef<FollowActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    showToast({ type: fetcher.data.error ? "error" : "success", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);

  const result = fetcher.data && !fetcher.data.error ? fetcher.data : null;
  // While its own follow is on the way, its answer (the count then) is the one to wait for.
  const fresh = announced && announced.after === fetcher.data && fetcher.state === "idle" ? announced.count : null;
  const settled = { on: result ? result.is_following : following, count: fresh ?? (result ? result.followers_count : followersCount) };
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "follow" : settled.on;
  const count = settled.count + (on === settled.on ? 0 : on ? 1 : -1);

  return (
    <fetcher.Form method="post" className={FORM_CLASS}>
      <FollowFields {...props} on={on} count={count} listening={listening} viaFetcher />
    </fetcher.Form>
  );
}

interface FollowFieldsProps extends FollowButtonProps {
  on: boolean;
  count: number;
  listening?: boolean;
  /** Tells the action it may answer with data instead of a redirect. */
  viaFetcher?: boolean;
}

function FollowFields({
  followeeId,
  followeeType,
  name,
  blockedReason,
  size = "sm",
  on,
  count,
  listening = false,
  viaFetcher = false,
}: FollowFieldsProps) {
  return (
    <>
      <span className="text-sm text-slate-600" data-testid="followers-count" data-live={listening ? "on" : undefined} aria-live="polite">
        {followersLabel(Math.max(count, 0))}
      </span>
      {blockedReason ? (
        <span className="text-xs text-slate-500">{blockedReason}</span>
      ) : (
        <>
          <input type="hidden" name="intent" value={on ? "unfollow" : "follow"} />
          <input type="hidden" name="followee_id" value={followeeId} />
          <input type="hidden" name="followee_type" value={followeeType} />
          {viaFetcher ? <input type="hidden" name="via" value="fetcher" /> : null}
          <button
            type="submit"
            aria-label={`${on ? "Unfollow" : "Follow"} ${name}`}
            className={buttonClass(on ? "secondary" : "primary", size)}
          >
            {on ? "Unfollow" : "Follow"}
          </button>
        </>
      )}
    </>
  );
}
