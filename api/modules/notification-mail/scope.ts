import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where mail's links point (APP_URL). Mail is rendered deep inside a cause's transaction (a notification, a
 * review, a payment), far from the request's settings, and many modules' functions lie in between: the
 * API sets this scope once per request (api/app.ts) and the mail jobs once per run, rather than every
 * service passing the app's address along for the few mails it may cause.
 */
export interface MailLinks {
  appUrl: string;
}

const scope = new AsyncLocalStorage<MailLinks>();
/**
 * The process's own APP_URL, for mail rendered where the scope does not reach: PGlite runs a transaction's
 * callback from its own queue, which can leave the request's async context behind.
 */
let processLinks: MailLinks | undefined;

export function setProcessMailLinks(links: MailLinks): void {
  processLinks = links;
}

export function withMailLinks<T>(links: MailLinks, run: () => T): T {
  return scope.run(links, run);
}

/** APP_URL for the mail being rendered; with neither a scope nor the process's, a mail could only link nowhere, so it throws. */
export function mailAppUrl(): string {
  const links = scope.getStore() ?? processLinks;
  if (!links) throw new Error("mail was rendered outside withMailLinks: its links would have no address");
  return links.appUrl;
}
