import { useLocation } from "react-router";
import type { Page } from "#schemas/answers";
import { InAppLink } from "~/components/ui/in-app-link";

/**
 * Prev/next links that keep the rest of the query (search, filters); plain links, so no JS needed. A list
 * inside a paged page (the people an announcement went to, say) pages on its own `param`, under its own name.
 */
export function Pagination({
  meta,
  param = "page",
  label = "Pagination",
}: {
  meta: Page<unknown>["meta"];
  param?: string;
  label?: string;
}) {
  const location = useLocation();
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(page));
    return `${location.pathname}?${params}`;
  };
  if (meta.total === 0) return null;
  return (
    <nav className="mt-4 flex items-center justify-between text-sm text-slate-600" aria-label={label}>
      <p>
        Showing {meta.from}–{meta.to} of {meta.total}
      </p>
      <div className="flex items-center gap-2">
        {meta.current_page > 1 ? (
          <InAppLink
            className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50"
            to={hrefFor(meta.current_page - 1)}
            rel="prev"
          >
            Previous
          </InAppLink>
        ) : null}
        <span>
          Page {meta.current_page} of {meta.last_page}
        </span>
        {meta.current_page < meta.last_page ? (
          <InAppLink
            className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50"
            to={hrefFor(meta.current_page + 1)}
            rel="next"
          >
            Next
          </InAppLink>
        ) : null}
      </div>
    </nav>
  );
}
