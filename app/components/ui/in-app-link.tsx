import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

type ClickNavigation = (event: MouseEvent<HTMLAnchorElement>) => void;

/** A path of this app or a query for the page shown; "//host/…" and "https://…" belong to the browser. */
const isInApp = (to: string) => (to.startsWith("/") && !to.startsWith("//")) || to.startsWith("?");

const ClickNavigationContext = createContext<ClickNavigation | null>(null);

/**
 * The one click handler every InAppLink on the page shares: a plain left click (no modifier key, no other
 * target) navigates in the app, as React Router's <Link> does; anything else is left to the browser.
 */
export function InAppLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateOnClick = useCallback<ClickNavigation>(
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.currentTarget;
      if (anchor.target && anchor.target !== "_self") return;
      const to = anchor.getAttribute("href");
      if (!to || !isInApp(to)) return;
      event.preventDefault();
      // Like <Link>: a link to the page already shown replaces its history entry instead of adding one.
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: here === to });
    },
    [navigate],
  );
  return <ClickNavigationContext.Provider value={navigateOnClick}>{children}</ClickNavigationContext.Provider>;
}

type InAppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A page of the panel: an absolute path (with its query, if any), or a query for the page shown ("?page=2"). */
  to: string;
};

/**
 * A link to a page of the panel: the same markup (`data-discover` included, so React Router learns its route
 * ahead of the click) and the same in-app navigation as <Link>, for the links a screen renders by the dozen
 * (the sidebar, directory cards, table rows). <Link> resolves its path twice and runs some twenty hooks per
 * link on every server render; the sidebar's links alone were ~8 % of /account's server time. Outside an
 * InAppLinkProvider it is a plain link, which still works: the browser loads the page.
 */
export function InAppLink({ to, onClick, ...rest }: InAppLinkProps) {
  const navigateOnClick = useContext(ClickNavigationContext);
  return (
    <a
      {...rest}
      href={to}
      data-discover={isInApp(to) ? "true" : undefined}
      onClick={(event) => {
        onClick?.(event);
        navigateOnClick?.(event);
      }}
    />
  );
}
