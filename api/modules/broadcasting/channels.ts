/**
 * Who may listen on which private and presence channel. Anything not listed here is refused: a channel
 * only exists for clients once it has a rule.
 */
import { parseId } from "#schemas/ids.ts";
import { chatChannel, chatPresenceChannel, eventFormChannel, userChannel } from "#schemas/realtime.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { eventForms } from "#api/db/events-schema.ts";
import { isConversationParticipant } from "../conversations/access.ts";
import { managedFormsWhere } from "../event-forms/ownership.ts";
import { organizationAccess } from "#api/lib/owner.ts";

type Rule = (db: Db, user: AuthUser, id: number) => boolean | Promise<boolean>;

/**
 * An event form's live channel: the members of its organization who may read its responses, work its door
 * or handle its payments (each of its screens follows it live), within the forms they are limited to.
 */
const FORM_SCREEN_PERMISSIONS = ["forms.read", "check_in", "money"] as const;

async function readsFormResponses(db: Db, user: AuthUser, formId: number): Promise<boolean> {
  if (!user.permissions.has("event response read")) return false;
  const access = FORM_SCREEN_PERMISSIONS.map((permission) => organizationAccess(user, permission)).find((found) => found !== null);
  if (!access) return false;
  const [row] = await db.select({ id: eventForms.id }).from(eventForms).where(managedFormsWhere(access, formId));
  return Boolean(row);
}

const inConversation: Rule = (db, user, id) => isConversationParticipant(db, id, user.id);

/** Channel name patterns with an id, and who may listen. */
const RULES: [RegExp, Rule][] = [
  [userChannel.pattern, (_db, user, id) => user.id === id],
  [chatChannel.pattern, inConversation],
  [chatPresenceChannel.pattern, inConversation],
  [eventFormChannel.pattern, readsFormResponses],
];

export async function mayListen(db: Db, user: AuthUser, channel: string): Promise<boolean> {
  for (const [pattern, rule] of RULES) {
    const match = pattern.exec(channel);
    if (!match) continue;
    const id = parseId(match[1]);
    return id !== undefined && (await rule(db, user, id));
  }
  return false;
}

/** What a presence channel tells the other members about the user (signed into channel_data). */
export const presenceMember = (user: Pick<AuthUser, "id" | "name">) => ({ user_id: user.id, user_info: { name: user.name } });

/** Who a signed-in socket is (user_data of /broadcasting/user-auth): the id as text, as the protocol asks, and the same info as presence. */
export const signedInUser = (user: Pick<AuthUser, "id" | "name">) => ({ id: String(user.id), user_info: { name: user.name } });
