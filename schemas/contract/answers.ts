/*
 * The answer shapes every part of the API shares, as schemas: a page of a list, a plain confirmation and a
 * refusal. The types in ../answers.ts are what they read as.
 */
import { z } from "zod";
import type { ApiErrorBody, Page } from "../answers.ts";

/** A page of a list (Laravel's paginator shape) of `item`s; `links` keep the request's other parameters. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.number().int(),
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      to: z.number().int().nullable(),
      total: z.number().int(),
    }),
  }) satisfies z.ZodType<Page<z.output<T>>>;
}

/** What a write that has nothing else to say answers: a sentence for the person who made it. */
export const messageAnswer = z.object({ message: z.string() });

/** Every refusal: a message, and for a 422 (or a 429 on a field) each field's messages by dotted path. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
}) satisfies z.ZodType<ApiErrorBody>;

/** A 422: what was refused, each field's messages by dotted path. */
export const validationRefusal = errorAnswer.required({ errors: true });

/** A moment as the API writes it: ISO 8601 in UTC. */
export const timestamp = z.string();
