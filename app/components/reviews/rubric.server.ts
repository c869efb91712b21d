import { data } from "react-router";
import { counted } from "#schemas/plural";
import { API } from "#schemas/contract/index";
import { assignmentSchema, type RubricView } from "#schemas/reviews";
import type { ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RequestEnv } from "~/lib/request-env";
import { ASSIGN_INTENT, type AssignmentRefusal } from "./assignment-section";
import { RUBRIC_INTENT, type RubricRefusal, type RubricRow } from "./rubric-fields";

/** The edit page's rubric, or null where the API has none (an upstream without review). */
export async function loadRubric(api: ApiClient, formId: number): Promise<RubricView | null> {
  const result = await api.request(API.getRubric, { params: { id: formId } });
  return result.ok ? result.body.rubric : null;
}

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** The rows posted, in order: `criteria[i].field` for i from 0 while a row is there. */
function postedRows(formData: FormData): RubricRow[] {
  const rows: RubricRow[] = [];
  for (let i = 0; formData.has(`criteria[${i}].name`); i++) {
    const field = (name: string) => text(formData, `criteria[${i}].${name}`);
    rows.push({
      id: field("id"),
      name: field("name"),
      guidance: field("guidance"),
      weight: field("weight"),
      scale_max: field("scale_max"),
      remove: formData.get(`criteria[${i}].remove`) === "on",
    });
  }
  return rows;
}

/**
 * The rubric section's Save, for the edit page's action (null for any other intent). A row marked for removal
 * and a new row left blank are not sent; the API's errors, named by the position of what was sent, are put
 * back on the rows they belong to.
 */
export async function rubricAction(api: ApiClient, env: RequestEnv, formId: number, formData: FormData) {
  if (formData.get("intent") !== RUBRIC_INTENT) return null;
  const rows = postedRows(formData);
  const sent = rows.flatMap((row, index) => (row.remove || (!row.id && !row.name.trim()) ? [] : [index]));
  const body = {
    criteria: sent.map((index) => {
      const { id, name, guidance, weight, scale_max } = rows[index];
      return { ...(id ? { id } : {}), name, guidance, weight, scale_max };
    }),
    blind: formData.get("blind") === "on",
    reviewers_per_application: text(formData, "reviewers_per_application"),
    discuss_threshold: text(formData, "discuss_threshold"),
    identifying_questions: formData.getAll("identifying_questions").map(String),
  };
  const result = await api.request(API.saveRubric, { params: { id: formId }, body });
  if (result.ok) return redirectWithToast(env, `/event-forms/edit/${formId}`, { type: "success", message: result.body.message });
  const errors: RubricRefusal["errors"] = { rows: {}, form: {} };
  for (const [key, messages] of Object.entries(result.body.errors ?? { criteria: [result.body.message] })) {
    const match = /^criteria\.(\d+)\.(\w+)$/.exec(key);
    const row = match ? sent[Number(match[1])] : undefined;
    if (match && row !== undefined) (errors.rows[row] ??= {})[match[2]] = messages;
    else errors.form[key] = messages;
  }
  const rubric: RubricRefusal = {
    rows,
    blind: body.blind,
    reviewers_per_application: body.reviewers_per_application,
    discuss_threshold: body.discuss_threshold,
    identifying_questions: body.identifying_questions,
    errors,
  };
  return data({ result: undefined, failure: null, rubric }, { status: result.status });
}

/**
 * The Reviewers section's Assign, for the edit page's action (null for any other intent): gives the form's
 * applications out by the plan chosen, or shows the choice again beside the API's refusal.
 */
export async function assignAction(api: ApiClient, env: RequestEnv, formId: number, formData: FormData) {
  if (formData.get("intent") !== ASSIGN_INTENT) return null;
  const refusal: AssignmentRefusal = {
    mode: text(formData, "mode"),
    reviewerIds: formData.getAll("reviewer_ids").map(String),
    perApplication: text(formData, "per_application"),
    errors: {},
  };
  // The choice is one of two radios: anything else was not posted by this form, and is refused as the API would.
  const mode = assignmentSchema.shape.mode.safeParse(refusal.mode);
  if (!mode.success) {
    const assignment: AssignmentRefusal = { ...refusal, errors: { mode: mode.error.issues.map((issue) => issue.message) } };
    return data({ result: undefined, failure: null, assignment }, { status: 422 });
  }
  const result = await api.request(API.assignReviewers, {
    params: { id: formId },
    body: {
      mode: mode.data,
      reviewer_ids: refusal.reviewerIds,
      ...(mode.data === "spread" && refusal.perApplication ? { per_application: refusal.perApplication } : {}),
    },
  });
  if (result.ok) {
    const given = result.body.assignments.length;
    return redirectWithToast(env, `/event-forms/edit/${formId}`, {
      type: "success",
      message: `Reviewers assigned: ${counted(given, "application")} given out.`,
    });
  }
  const assignment: AssignmentRefusal = { ...refusal, errors: result.body.errors ?? { reviewer_ids: [result.body.message] } };
  return data({ result: undefined, failure: null, assignment }, { status: result.status });
}
