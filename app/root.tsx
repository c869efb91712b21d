// First: it configures zod before any module builds a schema (see the file).
import "./lib/zod-in-the-browser";
import { useCallback, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorScreen } from "./components/feedback/error-screen";
import { ConnectivityToasts, FlashNotice, FlashToastView, Toaster } from "./components/feedback/toaster";
import { ViewportTracker } from "./components/feedback/viewport-tracker";
import { InAppLinkProvider } from "./components/ui/in-app-link";
import { ApiClient } from "./lib/api.server";
import { apiContext } from "./lib/contexts";
import { readCookie } from "./lib/cookies";
import { FLASH_COOKIE, FLASH_SPENT } from "./lib/flash";
import { readFlash } from "./lib/flash.server";
import { useNonce } from "./lib/nonce";
import { requestEnvContext } from "./lib/request-env";
import { viewportFromCookie, type Breakpoint, type Viewport } from "./lib/viewport";
import { ViewportProvider } from "./lib/viewport-context";
import type { loader as adminLayoutLoader } from "./routes/admin/layout";

type AdminLayoutData = ReturnType<typeof adminLayoutLoader>;

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }, next) => {
    const api = new ApiClient(request, url, context.get(requestEnvContext));
    context.set(apiContext, api);
    const response = await next();
    const cookies = [...api.setCookies];
    // A page the browser loaded itself (not the app's data request) shows the flash toast it carries,
    // without JavaScript too (FlashNotice): it is spent. Data requests leave it to the page (see flashCookie).
    const documentLoad = context.get(requestEnvContext).documentLoad && response.status < 300;
    if (documentLoad && readCookie(request.headers.get("Cookie") ?? "", FLASH_COOKIE)) cookies.push(FLASH_SPENT);
    if (!cookies.length) return response;
    // Cookies the API set (session, XSRF-TOKEN) reach the browser through the panel's response.
    const headers = new Headers(response.headers);
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const toast = await readFlash(context.get(requestEnvContext), request);
  const viewport = viewportFromCookie(request.headers.get("Cookie"));
  return { toast, viewport };
}

/** Cheap (cookies only), and it must run after every redirect to pick up flash toasts. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

// A stylesheet with a precedence is one React puts in the head before the scripts' preloads, so a phone
// fetches the styles the first paint waits for ahead of the code that only hydrates it.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The logged-in user's theme from /settings, written by the server so the first paint has it (app/theme.css).
  const admin = useRouteLoaderData<AdminLayoutData>("routes/admin/layout");
  return (
    <html lang="en" data-theme={admin?.settings.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [viewport, setViewport] = useState<Viewport>(loaderData.viewport);
  const onBreakpoint = useCallback((breakpoint: Breakpoint) => setViewport({ breakpoint, measured: true }), []);
  return (
    <ViewportProvider value={viewport}>
      <FlashNotice value={loaderData.toast} />
      <InAppLinkProvider>
        <Outlet />
      </InAppLinkProvider>
      <Toaster />
      <FlashToastView value={loaderData.toast} />
      <ConnectivityToasts />
      <ViewportTracker current={viewport} onChange={onBreakpoint} />
    </ViewportProvider>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Launchpad" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
