/**
 * The team's comments on an application: everyone who reads the form's responses reads and writes them (not
 * a reviewer while they read the application blind: a comment may name who applied). `@Name` names a member
 * who reads the form; the comment goes on the record, whose readers tell those named and update open pages.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { CommentsView, CommentView } from "#schemas/reviews.ts";
import { COMMENTS_HIDDEN } from "#schemas/reviews.ts";
import type { AuthUser } from "#api/context.ts";
import type { Db } from "#api/db/client.ts";
import { organizationMembers } from "#api/db/organization-schema.ts";
import { applicationComments } from "#api/db/review-schema.ts";
import { users } from "#api/db/schema.ts";
import { recordActivity } from "#api/lib/activity.ts";
import { forbidden, notFound } from "#api/lib/errors.ts";
import { membersWho } from "#api/lib/members-who.ts";
import { organizationOrNotFound } from "#api/lib/owner.ts";
import type { BroadcastQueue } from "#api/realtime/broadcaster.ts";
import { applicationReadBlind } from "../applications/blind.ts";
import { APPLICATION_NOT_FOUND } from "../applications/messages.ts";
import { applicationWithForm, responsesToOwner } from "../applications/queries.ts";

/** The application as the caller reads it (404 beyond their forms), and whether it is blind to them now. */
async function readable(db: Db, user: AuthUser, applicationId: number) {
  const access = organizationOrNotFound(user, "forms.read", APPLICATION_NOT_FOUND);
  const found = await applicationWithForm(db, applicationId, responsesToOwner(access));
  if (!found) throw notFound(APPLICATION_NOT_FOUND);
  const formId = found.application.eventFormId;
  const blind = await applicationReadBlind(db, user, formId, applicationId);
  return { found, formId, blind };
}

/** The members who read the form: whom a comment may name. */
const readersOf = (db: Db, organizationId: number, formId: number) =>
  db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .where(and(membersWho(organizationId, "forms.read", formId), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id));

/** The members the text names with "@Name" (a longer name first, so "@Ada Lovelace" is not "@Ada"). */
export function mentionedIn(body: string, members: readonly { id: number; name: string }[]): number[] {
  const text = body.toLowerCase();
  const found = new Set<number>();
  let rest = text;
  for (const member of [...members].sort((a, b) => b.name.length - a.name.length)) {
    const tag = `@${member.name.toLowerCase()}`;
    const at = rest.indexOf(tag);
    const next = rest[at + tag.length];
    if (at === -1 || (next !== undefined && /[\p{L}\p{N}]/u.test(next))) continue;
    found.add(member.id);
    rest = rest.replaceAll(tag, " ");
  }
  return [...found];
}

export async function listComments(db: Db, user: AuthUser, applicationId: number): Promise<CommentsView> {
  const { found, formId, blind } = await readable(db, user, applicationId);
  const members = await readersOf(db, found.form.startupId, formId);
  if (blind) return { comments: [], members, hidden: true };
  const rows = await db
    .select({ comment: applicationComments, author: users.name })
    .from(applicationComments)
    .innerJoin(users, eq(users.id, applicationComments.authorId))
    .where(eq(applicationComments.applicationId, applicationId))
    .orderBy(asc(applicationComments.id));
  const mentionedIds = [...new Set(rows.flatMap((r) => r.comment.mentionedIds))];
  const named = mentionedIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, mentionedIds))
    : [];
  const nameOf = new Map(named.map((u) => [u.id, u.name]));
  const comments: CommentView[] = rows.map(({ comment, author }) => ({
    id: comment.id,
    author: { id: comment.authorId, name: author },
    body: comment.body,
    mentioned: comment.mentionedIds.flatMap((id) => (nameOf.has(id) ? [{ id, name: nameOf.get(id)! }] : [])),
    created_at: comment.createdAt.toISOString(),
  }));
  return { comments, members, hidden: false };
}

export async function addComment(db: Db, user: AuthUser, applicationId: number, body: string, queue: BroadcastQueue): Promise<number> {
  return db.transaction(async (tx) => {
    const { found, formId, blind } = await readable(tx, user, applicationId);
    if (blind) throw forbidden(COMMENTS_HIDDEN);
    const mentioned = mentionedIn(body, await readersOf(tx, found.form.startupId, formId)).filter((id) => id !== user.id);
    const [comment] = await tx
      .insert(applicationComments)
      .values({ applicationId, authorId: user.id, body, mentionedIds: mentioned })
      .returning({ id: applicationComments.id });
    await recordActivity(
      tx,
      {
        organizationId: found.form.startupId,
        actor: user,
        kind: "application.commented",
        subject: { id: applicationId, label: found.application.applicantName },
        eventFormId: formId,
        data: { comment_id: comment.id, mentioned_ids: mentioned, excerpt: body.length > 140 ? `${body.slice(0, 139)}…` : body },
      },
      queue,
    );
    return comment.id;
  });
}
