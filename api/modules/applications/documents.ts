import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { eventApplications, eventForms, type Answers, type CustomQuestion } from "../../db/events-schema.ts";
import { files } from "../../db/schema.ts";
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
  await tx.delete(files).where(or(...owned.map(({ userId, ids }) => and(inArray(files.id, ids), eq(files.ownerUserId, userId)))));
}

/**
 * The documents of every application to these forms, to delete with the forms (their application rows go
 * by cascade; a form is only deleted while it has nothing but drafts). Call before deleting the forms.
 */
export async function deleteFormsApplicationDocuments(tx: Db, formIds: readonly number[]) {
  if (!formIds.length) return;
  const applications = await tx
    .select({ userId: eventApplications.userId, answers: eventApplications.answers, customQuestions: eventForms.customQuestions })
    .from(eventApplications)
    .innerJoin(eventForms, eq(eventForms.id, eventApplications.eventFormId))
    .where(inArray(eventApplications.eventFormId, [...formIds]));
  await deleteApplicationDocuments(tx, applications);
}
