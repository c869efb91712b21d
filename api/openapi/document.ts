/*
 * GET /api/openapi.json: OpenAPI 3.1 written from the contract (schemas/contract), so the description is the
 * declarations the API registers its handlers against and the tests check its answers with. JSON Schema
 * comes from zod's own output (2020-12, which OpenAPI 3.1 uses): bodies as they are sent, answers as read.
 */
import { z } from "zod";
import { API } from "#schemas/contract/index.ts";
import { errorAnswer, validationRefusal } from "#schemas/contract/answers.ts";
import {
  answersJson,
  refusalsOf,
  statusesOf,
  type ApiRoute,
  type RefusalStatus,
  type RouteAccess,
  type SuccessStatus,
} from "#schemas/contract/route.ts";
import { sessionCookieName, xsrfCookieName, type ApiConfig } from "../config.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // "any" for what JSON Schema cannot say (a transform's result): the answer is described by what it reads.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  return spelledOut(rest) as JsonSchema;
}

/**
 * A record over a closed set of keys (every kind of notification, say) comes out as `propertyNames` and
 * `required` without `properties`: each key is spelled out as a property, so readers and linters see them.
 */
function spelledOut(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(spelledOut);
  if (!node || typeof node !== "object") return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, spelledOut(value)])) as JsonSchema;
  const keys = (schema.propertyNames as { enum?: string[] } | undefined)?.enum;
  if (keys && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    const { propertyNames: _names, additionalProperties: value, ...rest } = schema;
    return { ...rest, properties: Object.fromEntries(keys.map((key) => [key, value])), additionalProperties: false };
  }
  return schema;
}

const REFUSALS: Record<RefusalStatus, { description: string }> = {
  400: { description: "The body could not be read (malformed JSON or form data)." },
  401: { description: "Not logged in (no session, or no valid token)." },
  403: { description: "Logged in, but the caller's roles do not allow this." },
  404: { description: "Not found, or not the caller's to see." },
  409: { description: "The thing is not in a state that allows this." },
  410: { description: "Gone: it was there, and is no longer." },
  413: { description: "The body is too large." },
  415: { description: "The body is neither JSON nor form data." },
  419: { description: "A session call without the XSRF token of its session (X-XSRF-TOKEN)." },
  422: { description: "The query or body was refused: each field's messages under `errors`." },
  429: { description: "Too many requests: wait, then try again." },
  502: { description: "The outside service this call needs failed or answered something unusable." },
  503: { description: "The outside service this call needs is not set up on this server." },
  504: { description: "The outside service this call needs did not answer in time." },
};

/** Who may call, as the reference says it. */
function accessNote(access: RouteAccess): string {
  if (access === "public") return "Anyone.";
  if (access === "user") return "Any logged-in account.";
  if (access === "super admin") return "Super admins only.";
  const parts = [
    access.feature && `the account permission "${access.feature}"`,
    access.organization && `the organization role's "${access.organization}"`,
  ];
  return `Needs ${parts.filter(Boolean).join(" and ")}.`;
}

function parameters(route: ApiRoute) {
  const patterns: Record<string, string | undefined> = route.paramPatterns ?? {};
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    // A parameter with a pattern: the whole value must match it, or the path is another (404).
    schema: patterns[name] ? { type: "string", pattern: `^(?:${patterns[name]})$` } : { type: "string" },
  }));
  if (!route.query) return path;
  const query = jsonSchema(route.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return [
    ...path,
    ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: query.required?.includes(name) ?? false,
      schema,
    })),
  ];
}

/** One success answer: JSON by its schema, a file by its media type, a redirect by where it goes. */
function success(route: ApiRoute, status: SuccessStatus) {
  const answer = route.answer;
  if (status === 302 || status === 303) {
    const description = answersJson(answer) ? "Sent on." : answer.description;
    return { description, headers: { Location: { description: "Where to go next.", schema: { type: "string" } } } };
  }
  if (status === 204) return { description: "Done; nothing to answer." };
  if (status === 304) return { description: "Not modified: the copy the caller holds (its If-None-Match) is still good." };
  const description = status === 201 ? "Made." : status === 202 ? "Taken on; it is done after this answer." : "Done.";
  if (answersJson(answer)) return { description, content: { "application/json": { schema: jsonSchema(answer, "output") } } };
  return { description: answer.description, content: { [answer.mediaType]: { schema: { type: "string", format: "binary" } } } };
}

/** A refusal as the route gives it: its own answer where it says more, else the shared one. */
function refusal(route: ApiRoute, status: RefusalStatus) {
  const own = route.refusalAnswers?.[status as RefusalStatus];
  if (!own) return { $ref: `#/components/responses/Refusal${status}` };
  const shapes = [jsonSchema(own, "output"), { $ref: "#/components/schemas/Refusal" }];
  return { description: REFUSALS[status].description, content: { "application/json": { schema: { oneOf: shapes } } } };
}

function operation(name: string, route: ApiRoute) {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const responses: Record<string, unknown> = Object.fromEntries(statusesOf(route).map((status) => [status, success(route, status)]));
  for (const status of refusalsOf(route)) responses[status] = refusal(route, status);
  return {
    operationId: name,
    summary: route.summary,
    description: accessNote(route.access),
    tags: [route.tag ?? "Other"],
    ...(route.access === "public" ? { security: [] } : {}),
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { ...json(jsonSchema(route.body, "input")), "multipart/form-data": { schema: jsonSchema(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(config: Pick<ApiConfig, "appUrl" | "secureCookies">) {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<RefusalStatus>();
  for (const [name, route] of Object.entries(API as Record<string, ApiRoute>)) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(name, route);
    for (const status of refusalsOf(route)) used.add(status);
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Launchpad API",
      version: "1",
      description: "Startups, event forms, applications and their review, co-founders and the team, as the Launchpad panel uses them.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: config.appUrl }],
    security: [{ token: [] }, { session: [], xsrf: [] }],
    paths,
    components: {
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          description: "An API token (made on /account/tokens, or by POST /sanctum/token); no XSRF token needed.",
        },
        session: { type: "apiKey", in: "cookie", name: sessionCookieName(config), description: "The session of POST /api/login." },
        xsrf: {
          type: "apiKey",
          in: "header",
          name: "X-XSRF-TOKEN",
          description: `With a session, every write echoes the ${xsrfCookieName(config)} cookie (GET /sanctum/csrf-cookie sets it).`,
        },
      },
      schemas: { Refusal: jsonSchema(errorAnswer, "output"), FieldRefusal: jsonSchema(validationRefusal, "output") },
      responses: Object.fromEntries(
        [...used].map((status) => [
          `Refusal${status}`,
          {
            description: REFUSALS[status].description,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${status === 422 ? "FieldRefusal" : "Refusal"}` } } },
          },
        ]),
      ),
    },
  };
}
