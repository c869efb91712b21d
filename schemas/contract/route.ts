/*
 * What one API route is, said once for both sides: its method and path, what it reads (path parameters,
 * query, body), what it answers, who may call it and a line for people. The API registers its handler
 * against the declaration (api/lib/contract.ts), the panel calls it by name (app/lib/api.server.ts), the
 * tests check every answer against it and GET /api/openapi.json is written from it.
 */
import type { z } from "zod";
import type { OrganizationPermission } from "../organization-roles.ts";
import type { Permission } from "../permissions.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route: anyone; any logged-in account; an account whose roles grant `feature` (the
 * account-wide permission table) and, with `organization`, whose role in the organization they act for
 * grants that too (the organization's role table; the API hands the handler that access).
 */
export type RouteAccess = "public" | "user" | "super admin" | { feature?: Permission; organization?: OrganizationPermission };

/** The names of a path's parameters: "/api/v1/x/{id}/y/{name}" → "id" | "name". */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A path's parameters as a caller fills them in (ids as numbers or strings). */
export type PathParams<Path extends string> = [PathParamNames<Path>] extends [never]
  ? Record<string, never>
  : Record<PathParamNames<Path>, string | number>;

/**
 * An answer that is not JSON (a CSV, a calendar file, an image, a stored file, a sitemap): the handler sends
 * it as a Response of its own, and the declaration says its media type ("text/csv") for the tests and the
 * reference; `*\/*` when the type is the stored file's own.
 */
export interface FileAnswer {
  readonly mediaType: string;
  readonly description: string;
}

/** Declares an answer that is not JSON. */
export const fileAnswer = (mediaType: string, description: string): FileAnswer => ({ mediaType, description });

/** The route answers JSON (a schema), not a file. */
export const answersJson = (answer: z.ZodType | FileAnswer): answer is z.ZodType => "safeParse" in answer;

/** A status a call that succeeds may answer (304: a conditional GET whose copy is still good). */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303 | 304;

export interface ApiRoute<Path extends string = string> {
  method: HttpMethod;
  /** The path with its parameters in braces, as OpenAPI writes it: `/api/v1/admin/question_library/{id}`. */
  path: Path;
  /**
   * What a parameter must look like for the route to answer at all, as a regular expression's source (no
   * anchors: the whole segment must match): `{ file: "[A-Za-z]{2}\\.svg" }`. Any other value is another path (404).
   */
  paramPatterns?: Partial<Record<PathParamNames<Path>, string>>;
  /** One line for people, shown in the API reference. */
  summary: string;
  access: RouteAccess;
  /** The query string's parameters, read through this schema (unknown ones are ignored). */
  query?: z.ZodType;
  /** The body, read through this schema: a field it does not name is never read. */
  body?: z.ZodType;
  /** The answer when the call succeeds: a schema for JSON, or `fileAnswer(…)` for anything else. */
  answer: z.ZodType | FileAnswer;
  /**
   * The success status: 200 unless said (201 for what a call creates, 302/303 for a redirect, 204 for nothing).
   * A list when the call may succeed in more than one way (201 made, 200 made before): its handler then says
   * which, with the answer (api/lib/contract.ts).
   */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** The part of the API it belongs to, as the reference groups it (set by `apiPart`). */
  tag?: string;
  /** Refusals this route gives besides those its access, path and reading imply (see `refusalsOf`). */
  refusals?: readonly RefusalStatus[];
  /**
   * A refusal that says more than the refusal shape, by status: a check-in's 409 carries the outcome and the
   * ticket, so the door can show whose ticket it was.
   */
  refusalAnswers?: Partial<Record<RefusalStatus, z.ZodType>>;
}

/** A status a refused call may answer. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 419 | 422 | 429 | 502 | 503 | 504;

/**
 * Every refusal a route may give: those it declares, and those that follow from what it is. Any request's
 * body is capped (413); a route for logged-in callers refuses the others (401) and those its roles leave out
 * (403); a write checks its session's XSRF token (419); what a route reads may be refused by field (422); a
 * body must be JSON or a form (415) that parses (400); and a path parameter may name nothing (404).
 */
export function refusalsOf(route: Pick<ApiRoute, "access" | "method" | "path" | "body" | "query" | "refusals">): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>([...(route.refusals ?? []), 413]);
  if (route.access !== "public") statuses.add(401).add(403);
  if (route.method !== "GET") statuses.add(419);
  if (route.body || route.query) statuses.add(422);
  if (route.body) statuses.add(400).add(415);
  if (/\{\w+\}/.test(route.path)) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** Declares a route, keeping its literal types for both sides. */
export const apiRoute = <const Path extends string, const R extends ApiRoute<Path>>(route: R & { path: Path }): R => route;

/** A part of the API: its routes by name, each tagged with the part's name for the reference. */
export function apiPart<const T extends Record<string, ApiRoute>>(tag: string, routes: T): T {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, tag }])) as T;
}

export type QueryOf<R extends ApiRoute> = R["query"] extends z.ZodType ? z.input<R["query"]> : undefined;
export type BodyOf<R extends ApiRoute> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;
/** What the handler gives back: the answer as the schema takes it in (a Response of its own for a file). */
export type AnswerIn<R extends ApiRoute> = R["answer"] extends z.ZodType ? z.input<R["answer"]> : Response;
/** Every status a route may succeed with. */
export const statusesOf = (route: Pick<ApiRoute, "status">): readonly SuccessStatus[] =>
  route.status === undefined ? [200] : typeof route.status === "number" ? [route.status] : route.status;

/** What the caller gets: the answer as the schema reads it (the Response itself for a file). */
export type AnswerOf<R extends ApiRoute> = R["answer"] extends z.ZodType ? z.output<R["answer"]> : Response;
/** A route that answers JSON. */
export type JsonRoute = ApiRoute & { answer: z.ZodType };
/** A route that answers a file. */
export type FileRoute = ApiRoute & { answer: FileAnswer };

/** What a caller passes to call a route: its path parameters, query and body, each only where it has them. */
export type CallInput<R extends ApiRoute> = ([PathParamNames<R["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<R["path"]> }) &
  (R["query"] extends z.ZodType ? { query?: Partial<QueryOf<R>> } : { query?: undefined }) &
  (R["body"] extends z.ZodType ? { body: BodyOf<R> | FormData } : { body?: undefined });

/** The path with its parameters filled in (each one encoded), and the query string when there is one. */
export function pathTo(route: Pick<ApiRoute, "path">, params: Record<string, string | number> = {}, query?: object): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = query ? queryString(query) : "";
  return search ? `${path}?${search}` : path;
}

/** A query object as a query string: absent values left out, lists as repeated names. */
export function queryString(query: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}

/**
 * A matcher for concrete paths of this route: "/api/v1/x/12" for "/api/v1/x/{id}"; a parameter with a
 * pattern matches only what its pattern does.
 */
export function pathPattern(path: string, patterns: Record<string, string | undefined> = {}): RegExp {
  const source = path
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\{(\w+)\}/g, (_, name: string) => (patterns[name] ? `(?:${patterns[name]})` : "[^/]+"));
  return new RegExp(`^${source}$`);
}
