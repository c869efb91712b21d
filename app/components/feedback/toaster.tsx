import { Suspense, lazy, useEffect } from "react";
import { useMatches } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { forgetFlash } from "~/lib/flash";
import type { ArrivedFlash, FlashToast } from "~/lib/flash.server";

/**
 * react-toastify arrives right after hydration instead of with the page, so the first load (the login
 * page above all) stays within its JavaScript budget. The fetch starts as soon as the page hydrates, not
 * at the first toast: going offline later must still find the toaster here, since a chunk cannot be
 * fetched once the network is gone. Screens that call `toast` themselves import it as usual.
 */
let toastify: Promise<typeof import("react-toastify")> | undefined;
const loadToastify = () => (toastify ??= import("react-toastify"));

/** How every toast looks: top-center, 3000 ms, no progress bar, slide, dark. */
const Container = lazy(async () => {
  const { Slide, ToastContainer } = await loadToastify();
  return { default: () => <ToastContainer position="top-center" autoClose={3000} hideProgressBar transition={Slide} theme="dark" /> };
});

export function Toaster() {
  // Toasts only ever appear in the browser: the server's HTML has no container to hydrate.
  return useHydrated() ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}

export function showToast(value: FlashToast) {
  void loadToastify().then(({ toast }) => toast(value.message, { type: value.type, toastId: `${value.type}:${value.message}` }));
}

/** Shows the toast that arrived through the flash cookie (after a redirect). */
export function FlashToastView({ value }: { value: ArrivedFlash | null }) {
  useEffect(() => {
    if (!value) return;
    showToast(value);
    forgetFlash(value.cookie);
  }, [value]);
  return null;
}

/** A route's `handle` saying that its page shows the flash message itself. */
export interface FlashHandle {
  showsFlash?: boolean;
}

/**
 * The same toast without JavaScript: a bar at the top of the page the redirect landed on, so a plain form's
 * success ("Settings saved") is said as its failure is. The server spends the cookie with that page.
 */
export function FlashNotice({ value }: { value: ArrivedFlash | null }) {
  // A page that says the message itself (the setup's "Redirecting…") is not told it twice.
  const saidByPage = useMatches().some((match) => (match.handle as FlashHandle | undefined)?.showsFlash);
  if (!value || saidByPage) return null;
  const tone = value.type === "error" ? "bg-red-700" : value.type === "warning" ? "bg-amber-700" : "bg-slate-900";
  return (
    <noscript>
      <p role="status" className={`${tone} px-4 py-3 text-center text-sm font-medium text-white`} data-testid="flash-notice">
        {value.message}
      </p>
    </noscript>
  );
}

export const OFFLINE_MESSAGE = "You've gone offline";
export const ONLINE_MESSAGE = "You are back online";

/** Going offline and coming back online are each told in a toast: 5000 ms, coloured theme. */
export function ConnectivityToasts() {
  useEffect(() => {
    const offline = () =>
      void loadToastify().then(({ toast }) => toast.warning(OFFLINE_MESSAGE, { autoClose: 5000, theme: "colored", toastId: "offline" }));
    const online = () =>
      void loadToastify().then(({ toast }) => {
        toast.dismiss("offline");
        toast.success(ONLINE_MESSAGE, { autoClose: 5000, theme: "colored", toastId: "online" });
      });
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  return null;
}
