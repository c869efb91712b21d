import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The app's own address (APP_URL), for links the API writes: in mail, and in answers (an event's public page).
 * Mail is rendered deep inside a cause's transaction (a notification, a review, a payment), far from the
 * request's settings, and many modules' functions lie in between: the API sets this scope once per request
 * (api/app.ts) and the mail jobs once per run, rather than every service passing the address along.
 */
export interface AppLinks {
  appUrl: string;
}

const scope = new AsyncLocalStorage<AppLinks>();
/**
 * The process's own APP_URL, for links written where the scope does not reach: PGlite runs a transaction's
 * callback from its own queue, which can leave the request's async context behind.
 */
let processLinks: AppLinks | undefined;

export function setProcessAppLinks(links: AppLinks): void {
  processLinks = links;
}

export function withAppLinks<T>(links: AppLinks, run: () => T): T {
  return scope.run(links, run);
}

/** APP_URL for the link being written; with neither a scope nor the process's, a link could only point nowhere, so it throws. */
export function linkedAppUrl(): string {
  const links = scope.getStore() ?? processLinks;
  if (!links) throw new Error("a link was written outside withAppLinks: it would have no address");
  return links.appUrl;
}
