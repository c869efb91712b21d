/*
 * Every answer a test gets from the API, checked against the contract (schemas/contract): a success
 * must come from a declared route, with its declared status and answer, exactly (a field the declaration does not name
 * is a mismatch too), and a refusal must be one its route gives (`refusalsOf`), exactly in its shape. TestClient
 * runs it on every call, so each suite checks the answers it provokes.
 */
import { isDeepStrictEqual } from "node:util";
import { declaredRoute } from "#schemas/contract/find.ts";
import type { z } from "zod";
import { errorAnswer, validationRefusal } from "#schemas/contract/answers.ts";
import { answersJson, refusalsOf, statusesOf, type ApiRoute, type RefusalStatus } from "#schemas/contract/route.ts";

/** The answer a refusal must be: the route's own for that status, a 422's field messages, or the refusal shape. */
function refusalSchema(route: ApiRoute | undefined, status: number) {
  const own = route?.refusalAnswers?.[status as RefusalStatus];
  if (own) return own;
  return status === 422 ? validationRefusal : errorAnswer;
}

/** Why a refusal breaks the contract: a status its route does not say it gives, or an answer of another shape. */
function refusalBreach(declared: ReturnType<typeof declaredRoute>, status: number, isJson: boolean, body: unknown): string | null {
  const name = declared?.name ?? "a path no route declares";
  const given: readonly number[] = declared ? refusalsOf(declared.route) : [];
  // A 500 is a fault, not an answer a route gives by design: only its shape is the contract's.
  if (declared && status !== 500 && !given.includes(status))
    return `${name} refused with ${status}, which it does not declare (it declares ${given.join(", ")})`;
  if (!isJson) return null;
  return exactly(refusalSchema(declared?.route, status), body, `${name}'s ${status}`);
}

/** Why `body` is not exactly what `schema` reads (a field the schema does not name is a mismatch too). */
function exactly(schema: z.ZodType, body: unknown, what: string): string | null {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return `${what} does not match its schema: ${parsed.error.message}`;
  if (!isDeepStrictEqual(parsed.data, body)) return `${what} has what its schema does not declare: ${JSON.stringify(body).slice(0, 500)}`;
  return null;
}

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractBreach(method: string, path: string, status: number, contentType: string | null, body: unknown): string | null {
  const pathname = new URL(path, "http://localhost").pathname;
  const isJson = contentType?.startsWith("application/json") ?? false;
  const declared = declaredRoute(method === "HEAD" ? "GET" : method, pathname);
  if (status >= 400) return refusalBreach(declared, status, isJson, body);
  if (!declared) return `${method} ${pathname} answered ${status}, but no route declares it`;
  const expected: readonly number[] = statusesOf(declared.route);
  if (!expected.includes(status)) return `${declared.name} answered ${status}, declared ${expected.join(" or ")}`;
  const declaredAnswer = declared.route.answer;
  if (!answersJson(declaredAnswer)) {
    if (status >= 300 || declaredAnswer.mediaType === "*/*" || contentType?.startsWith(declaredAnswer.mediaType)) return null;
    return `${declared.name} answered ${contentType ?? "no content type"}, declared ${declaredAnswer.mediaType}`;
  }
  if (status === 204 || status === 304) return null;
  if (!isJson) return `${declared.name} answered ${contentType ?? "no content type"}, declared JSON`;
  return exactly(declaredAnswer, body, `${declared.name}'s answer`);
}
