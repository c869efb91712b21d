import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#api/db/client.ts";
import { eventApplications, eventForms, type Answers, type CustomQuestion } from "#api/db/events-schema.ts";
import { files } from "#api/db/schema.ts";
import { deleteRowsAndFiles } from "../files/references.ts";
import { deleteFiles } from "../files/released-objects.ts";
import { FILE_ID } from "../files/service.ts";
import { fileKeys } from "./answers.ts";

/** An application as far as its uploaded documents go. */
export interface ApplicationDocuments {
  userId: number;
  answers: Answers;
  customQuestions: CustomQuestion[];
}

/** The file ids answering the form's file questions. */
export function answerFileIds(answers: Answers, customQuestions: CustomQuestion[]): string[] {
  const keys = fileKeys(customQuestions);
  return Object.entries(answers)
    .filter(([key, value]) => keys.has(key) && typeof value === "string" && FILE_ID.test(value))
    .map(([, value]) => value as string);
}

/**
 * Deletes the documents uploaded as answers of these applications, in the caller's transaction. Only the
 * applicant's own uploads: an answer's text alone never reaches somebody else's file.
 */
export async function deleteApplicationDocuments(tx: Db, applications: readonly ApplicationDocuments[]) {
  const owned = applications
    .map((application) => ({ userId: application.userId, ids: answerFileIds(application.answers, application.customQuestions) }))
    .filter((application) => application.ids.length);
  if (!owned.length) return;
  await deleteFiles(tx, or(...owned.map(({ userId, ids }) => and(inArray(files.id, ids), eq(files.ownerUserId, userId)))));
}

/**
 * Discards the user's application draft: the row and, in the same transaction, the documents its answers
 * named when it went. The answers are the ones the delete returns, so a draft save that stored another
 * upload just before is discarded with that upload too. Only a draft of this user: answers whether one went.
 */
export async function discardDraft(db: Db, userId: number, id: number, customQuestions: CustomQuestion[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(eventApplications)
      .where(and(eq(eventApplications.id, id), eq(eventApplications.userId, userId), eq(eventApplications.status, "draft")))
      .returning({ answers: eventApplications.answers });
    if (!deleted) return false;
    await deleteApplicationDocuments(tx, [{ userId, answers: deleted.answers, customQuestions }]);
    return true;
  });
}

/**
 * Deletes these forms with their banners and the documents of every application to them, in the caller's
 * transaction (the application rows go by cascade; a form is only deleted while it has nothing but drafts).
 */
export async function deleteFormsAndFiles(tx: Db, formIds: readonly number[]) {
  if (!formIds.length) return;
  // The documents first: the answers naming them go with the forms' application rows.
  await deleteFormsApplicationDocuments(tx, formIds);
  await deleteRowsAndFiles(tx, eventForms, inArray(eventForms.id, [...formIds]));
}

/** The documents of every application to these forms, read while those applications are still there. */
async function deleteFormsApplicationDocuments(tx: Db, formIds: readonly number[]) {
  const applications = await tx
    .select({ userId: eventApplications.userId, answers: eventApplications.answers, customQuestions: eventForms.customQuestions })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(inArray(eventApplications.eventFormId, [...formIds]));
  await deleteApplicationDocuments(tx, applications);
}
