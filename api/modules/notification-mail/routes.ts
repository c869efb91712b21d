import { eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  DIGEST_LABEL,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribedMessage,
  type MailPreferences,
  type UnsubscribeTarget,
  type UnsubscribeView,
} from "#schemas/mail-preferences.ts";
import { mailTypeLabel } from "#schemas/settings.ts";
import { mailLinkRoutes as routes } from "#schemas/contract/mail-links.ts";
import type { AppEnv } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { users } from "#api/db/schema.ts";
import { userSettings } from "#api/db/settings-schema.ts";
import { serve } from "#api/lib/contract.ts";
import { notFound } from "#api/lib/errors.ts";
import { kindsOf, mailPreferencesOf, turnMailOff } from "./preferences.ts";
import { readUnsubscribeToken } from "./unsubscribe.ts";

/**
 * The one-click unsubscribe link's API, for the panel's /unsubscribe/{token} page: no login, since the
 * signed token names the user and the kind of mail, and it can only turn mail off. The panel calls it the
 * way it calls every other route (with its XSRF token), whoever posted the page: the reader's button or their
 * mail provider's one-click POST.
 */
export const unsubscribeRoutes = new Hono<AppEnv>();

const labelOf = (target: UnsubscribeTarget) => (target === "digest" ? DIGEST_LABEL : mailTypeLabel(target));

function view(target: UnsubscribeTarget, preferences: MailPreferences): UnsubscribeView {
  // The digest is still on while any kind comes by digest; a kind while it is not off.
  const subscribed = target === "digest" ? kindsOf("digest", preferences).length > 0 : preferences[target] !== "off";
  return { target, label: labelOf(target), subscribed };
}

/** The token's user and target, when the server signed it and the user still exists; otherwise 404. */
async function linkOf(db: Db, token: string) {
  const link = await readUnsubscribeToken(db, token);
  if (!link) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  const [row] = await db
    .select({ id: users.id, mail: userSettings.mailNotifications })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, link.userId));
  if (!row) throw notFound(UNSUBSCRIBE_LINK_INVALID);
  return { ...link, preferences: mailPreferencesOf(row.mail) };
}

serve(unsubscribeRoutes, routes.showUnsubscribe, async (c, { params }) => {
  const link = await linkOf(c.get("db"), params.token);
  return { data: view(link.type, link.preferences) };
});

serve(unsubscribeRoutes, routes.unsubscribe, async (c, { params }) => {
  const db = c.get("db");
  const link = await linkOf(db, params.token);
  const preferences = await db.transaction((tx) => turnMailOff(tx, link.userId, link.type));
  return { message: unsubscribedMessage(labelOf(link.type)), data: view(link.type, preferences) };
});
