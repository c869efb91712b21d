import { Outlet } from "react-router";
import { ErrorScreen } from "~/components/feedback/error-screen";
import type { Route } from "./+types/pages";

/**
 * Every admin page sits inside this route, so that a page's refusal (403 Access Forbidden) or a missing
 * record (404) is shown where the page would be: the menu and the header stay, and so does the way on.
 */
export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} inLayout />;
}
