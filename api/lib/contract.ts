/*
 * Registers a handler against its route's declaration in schemas/contract: the guard its access names, the
 * organization access it needs, the query and body read through its schemas (422 with the `errors` map on
 * what they refuse), and the answer sent with its status. The handler is typed by the declaration: it is
 * handed what was read and must give back the declared answer (or a Response of its own: a file, a redirect).
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import {
  statusesOf,
  type AnswerIn,
  type ApiRoute,
  type PathParamNames,
  type RouteAccess,
  type SuccessStatus,
} from "#schemas/contract/route.ts";
import type { AppEnv } from "../context.ts";
import { authorize, superAdminOnly } from "../modules/access/authorize.ts";
import { requireUser } from "../modules/auth/middleware.ts";
import { readBody } from "./body.ts";
import { organizationFor, type OrganizationAccess } from "./owner.ts";
import { validate } from "./validation.ts";

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is handed: the path's parameters as given, the query and body as their schemas read them. */
export interface RouteInput<R extends ApiRoute> {
  params: Record<PathParamNames<R["path"]>, string>;
  query: Output<R["query"]>;
  body: Output<R["body"]>;
  /** The caller's access in the organization they act for, when the route's access names an organization permission. */
  organization: R["access"] extends { organization: string } ? OrganizationAccess : undefined;
}

/**
 * What a handler gives back: the declared answer, or, for a JSON route declared with a list of statuses,
 * the answer with the one of them it succeeds with: `withStatus(created ? 201 : 200, answer)`.
 */
type HandlerAnswer<Status, Answer> = Status extends readonly (infer S)[]
  ? Answer extends Response
    ? Response
    : { status: S; answer: Answer }
  : Answer;

/** An answer with the status it is sent with, for a route that may succeed with more than one. */
export const withStatus = <const S extends SuccessStatus, A>(status: S, answer: A) => ({ status, answer });

export type RouteHandler<R extends ApiRoute> = (
  c: Context<AppEnv>,
  input: RouteInput<R>,
) => Promise<HandlerAnswer<R["status"], AnswerIn<R>> | Response>;

export interface ServeOptions {
  /** Keep every value of a repeated form field as a list (readBody's `all`). */
  readAll?: boolean;
  /** Take the body's fields from the query string too (readBody's `query`): some clients send a DELETE without a body. */
  bodyFromQuery?: boolean;
  /** Middleware to run after the access guard (a rate limit, a body limit). */
  before?: MiddlewareHandler<AppEnv>[];
}

/** "/api/v1/x/{id}" as Hono writes it: "/api/v1/x/:id", and a parameter with a pattern ":file{[a-z]{2}\\.svg}". */
export const honoPath = (route: Pick<ApiRoute, "path" | "paramPatterns">) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const pattern = (route.paramPatterns as Record<string, string | undefined> | undefined)?.[name];
    return pattern ? `:${name}{${pattern}}` : `:${name}`;
  });

function guard(access: RouteAccess): MiddlewareHandler<AppEnv>[] {
  if (access === "public") return [];
  if (access === "user") return [requireUser];
  if (access === "super admin") return [superAdminOnly];
  return [access.feature ? authorize(access.feature) : requireUser];
}

export function serve<R extends ApiRoute>(app: Hono<AppEnv>, route: R, handler: RouteHandler<R>, options: ServeOptions = {}) {
  const access = route.access;
  const organizationPermission = typeof access === "object" ? access.organization : undefined;
  const middleware = [...guard(access), ...(options.before ?? [])];
  const statuses = statusesOf(route);
  app.on(route.method, [honoPath(route)], ...middleware, async (c: Context<AppEnv>) => {
    const organization = organizationPermission ? organizationFor(c.get("user"), organizationPermission) : undefined;
    const query = route.query ? validate(route.query, Object.fromEntries(new URL(c.req.url).searchParams)) : undefined;
    const body = route.body ? validate(route.body, await readBody(c, { all: options.readAll, query: options.bodyFromQuery })) : undefined;
    const input = { params: c.req.param(), query, body, organization } as RouteInput<R>;
    const result = await handler(c, input);
    if (result instanceof Response) return result;
    // A redirect or an empty answer is a Response the handler makes; what is left is JSON.
    if (!Array.isArray(route.status)) return c.json(result, statuses[0] as 200 | 201 | 202);
    const { status, answer } = result as { status: number; answer: unknown };
    if (!(statuses as readonly number[]).includes(status))
      throw new Error(`${route.method} ${route.path} answered ${status}, not one of its statuses`);
    return c.json(answer, status as 200 | 201 | 202);
  });
}
