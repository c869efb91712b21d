import { parseId } from "#schemas/ids.ts";
import { UNSUBSCRIBE_TARGETS, type UnsubscribeTarget } from "#schemas/mail-preferences.ts";
import type { Db } from "#api/db/client.ts";
import { secretBox } from "#api/lib/encryption.ts";
import { safeEqual } from "#api/lib/tokens.ts";
import { appLink } from "#api/mail/format.ts";

/**
 * The one-click unsubscribe link of a mail: `<user id>.<mail type or "digest">.<signature>`, the signature an HMAC of
 * both under a key derived from the app key kept in the database (`secretBox`, as the XSRF tokens), so every
 * instance accepts the others' links and nobody can make one for another user or another kind of mail. It
 * only turns mail off, so it need not expire: a mail read a year later still unsubscribes.
 */
const PURPOSE = "mail unsubscribe links";

const signed = (userId: number, type: UnsubscribeTarget) => `unsubscribe:${userId}:${type}`;

export async function unsubscribeToken(db: Db, userId: number, type: UnsubscribeTarget): Promise<string> {
  const box = await secretBox(db, PURPOSE);
  return `${userId}.${type}.${box.mac(signed(userId, type))}`;
}

/** The user and kind a token names, or null for anything the server did not sign. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: number; type: UnsubscribeTarget } | null> {
  const [id, type, signature, ...rest] = token.split(".");
  const userId = parseId(id);
  if (!userId || !signature || rest.length || !(UNSUBSCRIBE_TARGETS as readonly string[]).includes(type)) return null;
  const box = await secretBox(db, PURPOSE);
  return safeEqual(signature, box.mac(signed(userId, type as UnsubscribeTarget))) ? { userId, type: type as UnsubscribeTarget } : null;
}

/** The panel's page for the link: a GET shows what it turns off, a POST (the page's button, or a mail provider's one click) does it. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * RFC 8058 one-click unsubscribe: mail providers show an "Unsubscribe" button for List-Unsubscribe and, with
 * List-Unsubscribe-Post, POST `List-Unsubscribe=One-Click` to the link themselves, without the reader's
 * cookies.
 */
export function listUnsubscribeHeaders(appUrl: string, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${appLink(appUrl, unsubscribePath(token))}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
