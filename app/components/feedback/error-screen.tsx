import { Form, isRouteErrorResponse } from "react-router";

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data ? error.data : error.statusText || "Something went wrong";
    return { status: error.status, message: error.status === 404 && message.startsWith("Error: No route") ? "Page Not Found" : message };
  }
  return { status: 500, message: "Something went wrong. Please try again." };
}

/**
 * The status, the message and "Go Home": the whole page on a fatal error, or (`inLayout`) the admin page's
 * place inside the menu and header, which stay. Go Home is a GET form to "/" so it works without
 * JavaScript; with it, the navigation clears the error.
 */
export function ErrorScreen({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  const { status, message } = describe(error);
  if (status >= 500 && !isRouteErrorResponse(error)) console.error(error);
  // Inside the layout, its <main> already holds this.
  const Region = inLayout ? "div" : "main";
  return (
    <Region
      className={`flex ${inLayout ? "min-h-[60vh]" : "min-h-screen"} flex-col items-center justify-center gap-4 p-8 text-center`}
      data-testid="error-screen"
    >
      <p className="text-8xl font-black tracking-tight text-slate-800" data-testid="error-status">
        {status}
      </p>
      {/* The page's one heading: what went wrong, for screen readers' heading navigation too. */}
      <h1 className="text-lg font-normal text-slate-600" data-testid="error-message">
        {message}
      </h1>
      <Form method="get" action="/">
        <button type="submit" className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Go Home
        </button>
      </Form>
    </Region>
  );
}
