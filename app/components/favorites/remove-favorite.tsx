import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { FavoriteType } from "#schemas/favorite-kinds";
import type { FavoriteToggleResult } from "./favorite-toggle";

/**
 * "Remove" on /favorites: the same post as the star toggle. With JavaScript the row fades at once and the list
 * reloads; without it the action redirects back here with a toast.
 */
export function RemoveFavorite({
  type,
  id,
  label,
  onPending,
}: {
  type: FavoriteType;
  id: number;
  label: string;
  onPending?: (pending: boolean) => void;
}) {
  const fetcher = useFetcher<FavoriteToggleResult>();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = fetcher.state !== "idle";
  useEffect(() => onPending?.(pending), [pending, onPending]);
  const failed = fetcher.state === "idle" && fetcher.data?.error ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action="/favorites" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="favoritable_type" value={type} />
      <input type="hidden" name="favoritable_id" value={id} />
      <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        disabled={pending}
        aria-label={`Remove ${label} from favorites`}
        className={
          "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 " +
          "hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
        }
      >
        Remove
      </button>
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
