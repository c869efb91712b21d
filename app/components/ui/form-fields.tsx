import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { SelectField, TextAreaField, TextField } from "./field";
import { Options } from "./options";

type InputType = Parameters<typeof getInputProps>[1]["type"];

interface Common {
  // The form's own schema type does not matter here: only the field's name, id and errors are read.
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: ReactNode;
  hint?: ReactNode;
}

/** A labelled input wired to its conform field: name, id, value, aria and error messages. */
export function InputField({
  field,
  label,
  hint,
  type,
  ...rest
}: Common & { type: Exclude<InputType, "checkbox" | "radio"> } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">) {
  return <TextField label={label} hint={hint} errors={field.errors} errorId={field.errorId} {...getInputProps(field, { type })} {...rest} />;
}

export function TextareaField({ field, label, hint }: Common) {
  return <TextAreaField label={label} hint={hint} errors={field.errors} errorId={field.errorId} {...getTextareaProps(field)} />;
}

export function ChoiceField({ field, label, hint, placeholder, options }: Common & { placeholder: string; options: readonly (string | { value: string; label: string })[] }) {
  return (
    <SelectField label={label} hint={hint} errors={field.errors} errorId={field.errorId} {...getSelectProps(field)}>
      <option value="">{placeholder}</option>
      <Options options={options} />
    </SelectField>
  );
}
