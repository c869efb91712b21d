import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "~/components/ui/field";

/** A group of checkboxes for a multi-choice list field (roles, industries), wired to conform. */
export function CheckboxGroup({
  field,
  legend,
  options,
  hint,
  labels,
}: {
  // Only the field's name, id and errors are read, whatever the form's schema.
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  legend: string;
  options: readonly string[];
  hint?: string;
  /** What each option reads as, where it is more than its value. */
  labels?: Readonly<Record<string, ReactNode>>;
}) {
  const boxes = getCollectionProps(field, { type: "checkbox", options: [...options] });
  return (
    <fieldset className="space-y-2" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {boxes.map(({ key, ...props }) => (
          <label key={key} className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input {...props} className="size-4 rounded border-slate-300" />
            {labels?.[props.value] ?? props.value}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
