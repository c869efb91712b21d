import { useEffect } from "react";
import { redirect, useNavigate, useRouteLoaderData } from "react-router";
import { Card } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { loginUrl, safeRedirect } from "~/lib/safe-redirect";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/complete";
import { InAppLink } from "~/components/ui/in-app-link";
import type { FlashHandle } from "~/components/feedback/toaster";

/** How long the 'profile is set up' screen shows before moving on. */
export const SETUP_REDIRECT_DELAY_MS = 2000;

/** This page says the setup's message itself. */
export const handle: FlashHandle = { showsFlash: true };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await context.get(apiContext).currentUser();
  if (!user) throw redirect(loginUrl(url));
  if (!user.setup_complete) throw redirect("/setup");
  return { next: safeRedirect(url.searchParams.get("next"), "/", request.url) };
}

/** Shown for two seconds after a successful setup, then on to the panel (with or without JavaScript). */
export default function SetupComplete({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const message =
    rootData?.toast?.type === "success" ? rootData.toast.message : "Your profile is set up. Redirecting to the admin panel...";
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(loaderData.next, { replace: true }), SETUP_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, loaderData.next]);
  return (
    <Card className="w-full max-w-md text-center">
      {/* Without JavaScript the browser follows this after the same delay. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${SETUP_REDIRECT_DELAY_MS / 1000};url=${loaderData.next}`} />
      </noscript>
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700" aria-hidden>
        ✓
      </div>
      <p className="font-semibold" role="status">
        {message}
      </p>
      <p className="mt-4 text-sm text-slate-600">
        Not moving?{" "}
        <InAppLink className="text-brand-600 hover:underline" to={loaderData.next}>
          Continue
        </InAppLink>
      </p>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Profile ready · Launchpad" }];
