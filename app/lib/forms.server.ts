import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { ApiErrorBody } from "#schemas/answers";

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean }): SubmissionResult<string[]>;
}

/** The API names list items "links.0"; conform names them "links[0]". */
export const toConformName = (key: string) => key.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

/**
 * Turns an API refusal into the form's answer: a 422 `errors` map becomes each field's errors, any
 * other refusal becomes a form-level message. Answered with the API's status.
 */
export function replyWithApiErrors(submission: Replyable, result: { status: number; body: ApiErrorBody }) {
  const fieldErrors = Object.fromEntries(Object.entries(result.body.errors ?? {}).map(([key, value]) => [toConformName(key), value]));
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return data(
    { result: submission.reply({ fieldErrors, formErrors: hasFieldErrors ? [] : [result.body.message] }), message: result.body.message },
    { status: result.status },
  );
}

/** A client-side-invalid submission (with JavaScript off the server is the first to see it). */
export const replyInvalid = (submission: Replyable) =>
  data({ result: submission.reply(), message: null as string | null }, { status: 422 });
