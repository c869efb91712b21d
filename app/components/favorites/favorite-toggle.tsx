import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FavoriteType } from "#schemas/favorite-kinds";

export interface FavoriteToggleProps {
  type: FavoriteType;
  id: number;
  favorited: boolean;
  /** The accessible name of the thing being saved, e.g. the startup's name. */
  label: string;
}

/** What the /favorites action answers a fetcher (JS on); with JS off it redirects back instead. */
export interface FavoriteToggleResult {
  is_favorited?: boolean;
  message: string;
  error?: boolean;
}

/**
 * Star button that saves or unsaves one thing. It is a real form posting to /favorites, so it works with
 * JavaScript off (the action redirects back to `redirect_to` with a flash toast). With JavaScript on it
 * posts through a fetcher, shows the new state at once (optimistic), and the page's loaders revalidate.
 *
 * Until the page is hydrated, and so always on the server, it is the plain form: the same markup without the
 * fetcher, whose hooks a directory would otherwise run once per card on every render (ADR 017).
 */
export function FavoriteToggle(props: FavoriteToggleProps) {
  if (useHydrated()) return <LiveFavoriteToggle {...props} />;
  return (
    <form method="post" action="/favorites" className={FORM_CLASS}>
      <StarFields {...props} on={props.favorited} />
    </form>
  );
}

const FORM_CLASS = "inline-flex items-center gap-2";

function LiveFavoriteToggle(props: FavoriteToggleProps) {
  const fetcher = useFetcher<FavoriteToggleResult>();
  const pendingIntent = fetcher.formData?.get("intent");
  const settled =
    fetcher.data && !fetcher.data.error && typeof fetcher.data.is_favorited === "boolean" ? fetcher.data.is_favorited : props.favorited;
  // While a post is in flight, show what it will make true; once settled, the server's answer (or the prop).
  const on = pendingIntent ? pendingIntent === "add" : fetcher.state === "idle" ? settled : props.favorited;
  const failed = fetcher.state === "idle" && fetcher.data?.error ? fetcher.data.message : null;

  return (
    <fetcher.Form method="post" action="/favorites" className={FORM_CLASS}>
      <StarFields {...props} on={on} />
      {/* Tells the action it may answer with data instead of a redirect. */}
      <input type="hidden" name="via" value="fetcher" />
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function StarFields({ type, id, label, on }: FavoriteToggleProps & { on: boolean }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="favoritable_type" value={type} />
      <input type="hidden" name="favoritable_id" value={id} />
      <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={on ? `Remove ${label} from favorites` : `Add ${label} to favorites`}
        title={on ? "Remove from favorites" : "Add to favorites"}
        className={`inline-flex size-9 items-center justify-center rounded-md border transition-colors ${
          on
            ? "border-amber-300 bg-amber-50 text-amber-500 hover:bg-amber-100"
            : "border-slate-300 bg-white text-slate-500 hover:bg-slate-50 hover:text-amber-500"
        }`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden
          fill={on ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinejoin="round"
        >
          <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
        </svg>
      </button>
    </>
  );
}
