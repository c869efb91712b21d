import { useId } from "react";
import type { QuestionType } from "#schemas/event-kinds";
import { FieldErrors, inputClass } from "~/components/ui/field";

export interface QuestionInputProps {
  /** The answer's field name, e.g. answers[q-1a2b3c4d]; omitted in the builder's preview. */
  name?: string;
  id?: string;
  label: string;
  type: QuestionType;
  required: boolean;
  helpText?: string | null;
  options: string[];
  /** The saved answer (a draft, or a re-shown form after an error). */
  value?: unknown;
  errors?: string[];
  disabled?: boolean;
}

/** The input of each type drawn as one; the types drawn otherwise are handled above where it is used, so a new type does not compile until it is drawn. */
const INPUT_TYPES = {
  short_text: "text",
  number: "number",
  email: "email",
  url: "url",
  phone: "tel",
  date: "date",
} as const;

/** One question as an applicant sees it: the real form, and (disabled) the builder's preview. */
export function QuestionInput({ name, id, label, type, required, helpText, options, value, errors, disabled }: QuestionInputProps) {
  const inputId = id ?? name;
  const describedBy = errors?.length && inputId ? `${inputId}-error` : undefined;
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  const chosen = Array.isArray(value) ? value.map(String) : text ? [text] : [];
  const common = {
    name,
    disabled,
    "aria-required": required || undefined,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy,
  };
  const heading = (
    <>
      {label}
      {required ? (
        <span className="text-red-600" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );

  let control;
  if (type === "long_text") {
    control = <textarea id={inputId} className={inputClass} rows={4} defaultValue={text} {...common} />;
  } else if (type === "dropdown") {
    control = (
      <select id={inputId} className={inputClass} defaultValue={text} {...common}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    );
  } else if (type === "single_choice" || type === "multiple_choice" || type === "yes_no") {
    const choices = type === "yes_no" ? ["yes", "no"] : options;
    const saved = type === "yes_no" && typeof value === "boolean" ? [value ? "yes" : "no"] : chosen;
    return (
      <fieldset className="space-y-1" aria-describedby={describedBy}>
        <legend className="text-sm font-medium text-slate-700">{heading}</legend>
        {helpText ? <p className="text-xs text-slate-500">{helpText}</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type={type === "multiple_choice" ? "checkbox" : "radio"}
                value={choice}
                defaultChecked={saved.includes(choice)}
                {...common}
              />
              {type === "yes_no" ? (choice === "yes" ? "Yes" : "No") : choice}
            </label>
          ))}
        </div>
        <FieldErrors id={describedBy} errors={errors} />
      </fieldset>
    );
  } else if (type === "file") {
    control = <input id={inputId} type="file" className={inputClass} accept=".pdf,image/png,image/jpeg,image/gif,image/webp" {...common} />;
  } else {
    control = <input id={inputId} type={INPUT_TYPES[type]} className={inputClass} defaultValue={text} {...common} />;
  }
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {heading}
      </label>
      {helpText ? <p className="text-xs text-slate-500">{helpText}</p> : null}
      {control}
      {type === "file" && value && typeof value === "object" && "url" in value ? (
        <p className="text-xs text-slate-500">
          Uploaded:{" "}
          <a className="text-brand-600 hover:underline" href={String((value as { url: string }).url)}>
            current file
          </a>{" "}
          (choose another to replace it)
        </p>
      ) : null}
      <FieldErrors id={describedBy} errors={errors} />
    </div>
  );
}

/**
 * The builder's preview of a question: the same control, disabled, so it is out of the tab order, never
 * submitted with the builder, and announced as unavailable. It keeps an id of its own so its label is tied
 * to it: a screen reader hears the same labelled question an applicant will.
 */
export function QuestionPreview(props: Omit<QuestionInputProps, "disabled" | "name" | "id">) {
  const id = `preview-${useId()}`;
  return <QuestionInput {...props} id={id} disabled />;
}
