import { useMemo, type ReactNode } from "react";
import { Form, Outlet, redirect, useLocation } from "react-router";
import { DEFAULT_SETTINGS, type Layout as LayoutSetting } from "#schemas/settings";
import { AI_NOT_CONFIGURED } from "#schemas/ai";
import { activeItem, navHref, navigationFor, visiblePaths, tourTarget, type NavSection } from "~/components/app-shell/navigation";
import { Avatar } from "~/components/ui/avatar";
import { organizationChoices, OrganizationSwitcher } from "~/components/app-shell/organization-switcher";
import { NotificationBell } from "~/components/notifications/bell";
import { UnreadMessagesCount } from "~/components/chat/unread-messages";
import { OnlineProvider } from "~/components/chat/online";
import { verificationBannerPolicy, VerifyEmailBanner } from "~/components/account/verify-email-banner";
import { OnboardingTour } from "~/components/tour/onboarding-tour";
import { TOUR_START_EVENT } from "~/components/tour/tour-steps";
import { useHydrated } from "remix-utils/use-hydrated";
import { apiContext, userContext } from "~/lib/contexts";
import { DatesProvider } from "~/lib/dates";
import { RealtimeProvider } from "~/lib/realtime/realtime";
import { requestEnvContext } from "~/lib/request-env";
import { loginUrl } from "~/lib/safe-redirect";
import { setupPathFor } from "~/lib/setup-path";
import { ACCOUNT_PAGE, TWO_FACTOR_SETUP_PAGE } from "~/lib/two-factor";
import type { CurrentUser } from "#schemas/auth";
import { API } from "#schemas/contract/index";
import { isCompact, type Viewport } from "~/lib/viewport";
import { useViewport } from "~/lib/viewport-context";
import type { Route } from "./+types/layout";
import { InAppLink } from "~/components/ui/in-app-link";

/**
 * Every admin route: logged in (else /login?redirectTo=…), two-factor sign-in on when the user's role
 * requires it (else its setup on /account, before anything else) and set up (else /setup), before any loader.
 * This is the request's one `currentUser` call (memoised by the ApiClient; on /account the page's own answer,
 * which carries the user); the layout and route loaders read the answer from `userContext` (see
 * `requirePermission`) instead of asking the API again.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }) => {
    const api = context.get(apiContext);
    // The account page's one answer carries the user too: asked here, that page makes one API call in all.
    const user = url.pathname === ACCOUNT_PAGE ? ((await api.screenWithUser(API.accountScreen))?.user ?? null) : await api.currentUser();
    if (!user) throw api.hadSession ? await api.sessionExpired() : redirect(loginUrl(url));
    if (user.two_factor_setup_required) {
      if (url.pathname !== TWO_FACTOR_SETUP_PAGE) throw redirect(TWO_FACTOR_SETUP_PAGE);
    } else if (!user.setup_complete) throw redirect(setupPathFor(url));
    context.set(userContext, user);
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatar_url,
      account_type: user.account_type,
      roles: user.roles,
      has_own_profile: user.has_own_profile,
    },
    unreadNotifications: user.unread_notifications_count ?? 0,
    unreadConversations: user.unread_conversation_ids ?? [],
    // Their presence channels are joined on every page: how the people in them see each other online.
    recentConversations: user.recent_conversation_ids ?? [],
    // The banner asking to verify the address, unless it is verified or nobody could verify it here.
    emailVerification: verificationBannerPolicy(user),
    settings: user.settings ?? DEFAULT_SETTINGS,
    navigation: visiblePaths(user),
    // The header's switcher, when the account has more than one organization (or one and a profile of its own).
    organizations: organizationChoices(user),
    // The browser's Echo client connects with this (public: never the secret); null when realtime is off,
    // and while two-factor setup comes first (the API refuses channel authorisations until then).
    realtime: user.two_factor_setup_required ? null : context.get(requestEnvContext).realtime,
    // The cookie Echo echoes as X-XSRF-TOKEN when it authorises a channel (__Host- prefixed under https).
    xsrfCookie: context.get(requestEnvContext).xsrfCookieName,
    // Read by every AiSuggest on the page (app/components/ai/ai-suggest.tsx): no API call of its own.
    ai: context.get(requestEnvContext).ai ?? { available: false, reason: AI_NOT_CONFIGURED },
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const {
    user,
    realtime,
    xsrfCookie,
    unreadNotifications,
    unreadConversations,
    recentConversations,
    settings,
    emailVerification,
    organizations,
  } = loaderData;
  const extras: ItemExtras = { "/chat": <UnreadMessagesCount userId={user.id} unreadIds={unreadConversations} /> };
  const navigation = useMemo(() => navigationFor(loaderData.navigation), [loaderData.navigation]);
  const layout = panelLayout(settings.layout, useViewport());
  const dates = useMemo(
    () => ({ timeZone: settings.time_zone, dateFormat: settings.date_format }),
    [settings.time_zone, settings.date_format],
  );
  return (
    <DatesProvider value={dates}>
      <RealtimeProvider config={realtime} xsrfCookie={xsrfCookie}>
        <OnlineProvider userId={user.id} recentIds={recentConversations}>
          <div className={LAYOUT_CLASSES[layout].page} data-layout={layout}>
            {/* WCAG 2.4.1: the first stop for the keyboard; styled in app.css (.skip-link), shown only on focus. */}
            <a href="#main-content" className="skip-link">
              Skip to main content
            </a>
            {layout === "compact" ? null : (
              <aside
                className={`${LAYOUT_CLASSES[layout].wideOnly} sticky top-0 h-dvh w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white`}
              >
                <Brand />
                <Navigation sections={navigation} extras={extras} />
              </aside>
            )}
            {/* A page marked data-full-height (the chat) fills the screen below the header exactly, edge to edge. */}
            <div className="flex min-w-0 flex-1 flex-col has-[[data-full-height]]:h-dvh">
              <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
                {layout === "wide" ? null : (
                  <details className={`${LAYOUT_CLASSES[layout].compactOnly} relative`}>
                    <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium">
                      Menu
                    </summary>
                    <div className="absolute left-0 z-20 mt-2 w-64 rounded-lg border border-slate-200 bg-white shadow-lg">
                      <Navigation sections={navigation} extras={extras} />
                    </div>
                  </details>
                )}
                {layout === "compact" ? null : <span className={LAYOUT_CLASSES[layout].wideOnly} />}
                <div className="flex items-center gap-2">
                  {organizations ? <OrganizationSwitcher choices={organizations} /> : null}
                  <NotificationBell userId={user.id} unreadCount={unreadNotifications} />
                  <UserMenu user={user} />
                </div>
              </header>
              {emailVerification ? <VerifyEmailBanner email={user.email} policy={emailVerification} /> : null}
              {/* tabIndex -1: the skip link's target takes focus, so the next Tab goes on inside the page. */}
              <main
                id="main-content"
                tabIndex={-1}
                className="flex-1 p-4 outline-none sm:p-8 has-[[data-full-height]]:flex has-[[data-full-height]]:min-h-0 has-[[data-full-height]]:p-0"
              >
                <Outlet />
              </main>
            </div>
            <OnboardingTour navigation={navigation} />
          </div>
        </OnlineProvider>
      </RealtimeProvider>
    </DatesProvider>
  );
}

/**
 * Wide has the sidebar, compact a Menu in the header. /settings may fix either (comfortable is wide);
 * "auto" follows the screen's width: the breakpoint the browser measured (the viewport cookie), or, before
 * it has (the first page of a visit), CSS alone ("responsive": both, one shown by the media query), so that
 * page is not laid out for a desktop and then moved.
 */
type PanelLayout = "wide" | "compact" | "responsive";

function panelLayout(setting: LayoutSetting, viewport: Viewport): PanelLayout {
  if (setting === "comfortable") return "wide";
  if (setting === "compact") return "compact";
  if (!viewport.measured) return "responsive";
  return isCompact(viewport.breakpoint) ? "compact" : "wide";
}

/**
 * The page's classes, and those of what only the wide or only the compact layout shows. "responsive" switches
 * at the desktop breakpoint (1024 px, Tailwind's lg), where isCompact does.
 */
const LAYOUT_CLASSES: Record<PanelLayout, { page: string; wideOnly: string; compactOnly: string }> = {
  wide: { page: "flex min-h-screen", wideOnly: "", compactOnly: "" },
  compact: { page: "min-h-screen", wideOnly: "", compactOnly: "" },
  responsive: { page: "min-h-screen lg:flex", wideOnly: "hidden lg:block", compactOnly: "lg:hidden" },
};

function Brand() {
  return (
    <InAppLink to="/" className="flex items-center gap-2 px-6 py-5 text-lg font-bold">
      <img src="/favicon.svg" alt="" className="size-7" />
      Launchpad
    </InAppLink>
  );
}

/** What an item shows after its label: the live unread count beside Messages. */
type ItemExtras = Partial<Record<string, ReactNode>>;

function Navigation({ sections, extras }: { sections: NavSection[]; extras: ItemExtras }) {
  const active = activeItem(useLocation().pathname, sections);
  return (
    <nav aria-label="Main" className="space-y-6 px-3 py-4">
      {sections.map((section) => (
        <div key={section.title ?? "main"}>
          {section.title ? <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</p> : null}
          <ul className="space-y-1">
            {section.items.map((item) => (
              <li key={item.to}>
                <InAppLink
                  to={navHref(item)}
                  aria-current={item.to === active ? "page" : undefined}
                  data-tour={tourTarget(item.to)}
                  className={
                    "flex items-center rounded-md px-3 py-2 text-sm font-medium " +
                    (item.to === active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100")
                  }
                >
                  {item.label}
                  {extras[item.to]}
                </InAppLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** A disclosure menu, so it opens without JavaScript too. */
function UserMenu({ user }: { user: Pick<CurrentUser, "name" | "email" | "avatar_url" | "has_own_profile"> }) {
  const hydrated = useHydrated();
  return (
    <details className="relative" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-100">
        <Avatar name={user.name} url={user.avatar_url} />
        {/* Only the avatar shows on a phone; the name still names the menu there. */}
        <span className="sr-only text-sm font-medium sm:not-sr-only">{user.name}</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-2 shadow-lg">
        <p className="truncate px-4 pb-2 text-xs text-slate-500">{user.email}</p>
        <InAppLink to="/account" className="block px-4 py-2 text-sm hover:bg-slate-100">
          Account
        </InAppLink>
        {/* A member who joined a team without a profile of their own may still make one. */}
        {user.has_own_profile ? null : (
          <InAppLink to="/setup" className="block px-4 py-2 text-sm hover:bg-slate-100">
            Create your own profile
          </InAppLink>
        )}
        {/* The tour is a script's: offered once the page runs one. */}
        {hydrated ? (
          <button
            type="button"
            onClick={(event) => {
              event.currentTarget.closest("details")?.removeAttribute("open");
              window.dispatchEvent(new Event(TOUR_START_EVENT));
            }}
            className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100"
          >
            Take the tour
          </button>
        ) : null}
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100">
            Log out
          </button>
        </Form>
      </div>
    </details>
  );
}
