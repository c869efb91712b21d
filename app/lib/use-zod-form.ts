import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type ZodFormOptions<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = Pick<
  Parameters<typeof useForm<z.input<S>, z.output<S>>>[0],
  "id" | "lastResult" | "defaultValue"
> & {
  /** Called when the browser refuses a submit (not a blur, not a list intent), with the failing fields. */
  onInvalidSubmit?(fields: string[]): void;
};

/**
 * The panel's forms: one zod schema checks the fields in the browser (on blur, then as you type) and
 * again on the server; `lastResult` brings the server's answer, field errors included.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  { onInvalidSubmit, ...options }: ZodFormOptions<S> = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    ...options,
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema });
      // A formnovalidate button (e.g. "Apply" a coupon) submits unchecked, as in plain HTML: the server answers.
      if (submitter instanceof HTMLButtonElement && submitter.formNoValidate && submission.status === "error")
        return { ...submission, error: null };
      if (onInvalidSubmit && submitter && submitter.getAttribute("name") !== "__intent__" && submission.status === "error") {
        onInvalidSubmit(Object.keys(submission.error ?? {}).filter((key) => submission.error?.[key]?.length));
      }
      return submission;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
