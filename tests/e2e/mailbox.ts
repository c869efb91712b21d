import { expect } from "@playwright/test";
import type { MailboxMessage } from "../fakes/smtp-server.ts";

/*
 * The mail the app sent during the browser tests, read from the fake SMTP server's mailbox endpoint
 * (tests/fakes/smtp-server.ts, started by playwright.config.ts). Mail leaves through a background sender,
 * so the helpers wait for it (polling the endpoint until it arrives), never for a fixed time.
 */

export type { MailboxMessage };

const mailboxUrl = () => process.env.E2E_MAILBOX_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 4}`;

export async function mailsTo(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the fake SMTP mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/** The newest message to the address that matches (any by default), waiting for it to arrive. */
export async function latestMailTo(
  address: string,
  match: (mail: MailboxMessage) => boolean = () => true,
  timeout = 15_000,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter(match).at(-1);
        return found !== undefined;
      },
      { timeout, message: `a mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/**
 * The first link in the mail (HTML first, then the text part) whose path starts with the prefix, as a
 * path with its query, ready for page.goto. Throws when there is none.
 */
export function linkIn(mail: MailboxMessage, pathPrefix: string): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const texts = [...mail.text.matchAll(/https?:\/\/[^\s<>"\]]+/g)].map((m) => m[0]);
  for (const candidate of [...hrefs, ...texts]) {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no link to ${pathPrefix} in the mail "${mail.subject}" to ${mail.to}`);
}
