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

export function withMailLinks<T>(links: MailLinks, run: () => T): T {
  return scope.run(links, run);
}

/** APP_URL for the mail being rendered; outside withMailLinks a mail could only link nowhere, so it throws. */
export function mailAppUrl(): string {
  const links = scope.getStore();
  if (!links) throw new Error("mail was rendered outside withMailLinks: its links would have no address");
  return links.appUrl;
}
