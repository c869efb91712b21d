/**
 * What a mail will say before the change that sends it is made: the committee sees the text of the mail
 * their decision sends, rendered for the first applicant it goes to, and how many go out at once.
 */
import { REVIEW_WORDS, type ReviewStatus } from "#schemas/event-kinds.ts";
import type { Db } from "#api/db/client.ts";
import { renderMail } from "#api/mail/render.tsx";
import { linkedAppUrl } from "#api/lib/app-links.ts";
import { reviewStatusMessage } from "./cause-mail.ts";
import { mailReaders } from "./preferences.ts";

export async function reviewStatusMailPreview(db: Db, formId: number, status: ReviewStatus, userIds: readonly number[]) {
  const readers = await mailReaders(db, userIds, "review_status_changed");
  const message = await reviewStatusMessage(db, formId, status, REVIEW_WORDS[status]);
  const first = readers[0];
  if (!message || !first) return { mails: 0, subject: "", text: "" };
  const appUrl = linkedAppUrl();
  const built = await message(first, { appUrl, unsubscribeUrl: `${appUrl}/settings`, settingsUrl: `${appUrl}/settings` });
  const { text } = built ? await renderMail(built.element) : { text: "" };
  return { mails: readers.filter((r) => r.choice === "immediately").length, subject: built?.subject ?? "", text };
}
