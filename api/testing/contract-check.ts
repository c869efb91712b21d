/*
 * Every answer a test gets from the API, checked against the contract (schemas/contract): a success
 * must come from a declared route, with its declared status and answer, exactly (a field the declaration does not name
 * is a mismatch too), and any refusal must be the refusal shape. TestClient runs it on every call, so each
 * suite checks the answers it provokes.
 */
import { isDeepStrictEqual } from "node:util";
import { API } from "#schemas/contract/index.ts";
import { errorAnswer } from "#schemas/contract/answers.ts";
import { answersJson, pathPattern, statusesOf, type ApiRoute } from "#schemas/contract/route.ts";

const DECLARED = Object.entries(API as Record<string, ApiRoute>).map(([name, route]) => ({
  name,
  route,
  pattern: pathPattern(route.path, route.paramPatterns),
}));

/** The declared route a request reached, if any. */
export function declaredRoute(method: string, pathname: string) {
  return DECLARED.find((d) => d.route.method === method && d.pattern.test(pathname));
}

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractBreach(method: string, path: string, status: number, contentType: string | null, body: unknown): string | null {
  const pathname = new URL(path, "http://localhost").pathname;
  const isJson = contentType?.startsWith("application/json") ?? false;
  if (status >= 400) {
    if (!isJson) return null;
    const refusal = errorAnswer.safeParse(body);
    return refusal.success ? null : `a ${status} refusal that is not {message, errors?}: ${refusal.error.message}`;
  }
  const declared = declaredRoute(method === "HEAD" ? "GET" : method, pathname);
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
  const answer = declaredAnswer.safeParse(body);
  if (!answer.success) return `${declared.name}'s answer does not match its schema: ${answer.error.message}`;
  if (!isDeepStrictEqual(answer.data, body))
    return `${declared.name}'s answer has what its schema does not declare: ${JSON.stringify(body).slice(0, 500)}`;
  return null;
}
