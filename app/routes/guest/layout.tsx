import { Outlet } from "react-router";
import { InAppLink } from "~/components/ui/in-app-link";

/** The guest layout: login, register and profile setup, outside the admin panel's chrome. */
export default function GuestLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10">
      <InAppLink to="/" className="mb-8 flex items-center gap-2 text-xl font-bold text-slate-900">
        <img src="/favicon.svg" alt="" className="size-8" />
        Launchpad
      </InAppLink>
      {/* The landmark a screen reader's "jump to main" and the skip link look for, as in the admin layout. */}
      <main id="main-content" tabIndex={-1} className="flex w-full flex-col items-center outline-none">
        <Outlet />
      </main>
    </div>
  );
}
