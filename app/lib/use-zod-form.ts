import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type ZodFormOptions<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = Pick<
  Parameters<typeof useForm<z.input<S>, z.output<S>>>[0],
  "id" | "lastResult" | "defaultValue" | "onValidate"
>;

/**
 * The panel's forms: one zod schema checks the fields in the browser (on blur, then as you type) and
 * again on the server; `lastResult` brings the server's answer, field errors included. `onValidate`
 * replaces the plain schema check, e.g. to notice a refused submit.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(schema: S, options: ZodFormOptions<S> = {}) {
  return useForm<z.input<S>, z.output<S>>({
    ...options,
    onValidate: options.onValidate ?? (({ formData }) => parseWithZod(formData, { schema })),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
