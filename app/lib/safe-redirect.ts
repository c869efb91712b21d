/** Only same-site paths: "/x" is fine, "//evil.example" and "https://…" are not. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** Where a page sends a user to log in and come back. */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}
