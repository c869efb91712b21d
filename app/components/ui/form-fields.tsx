import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { SelectField, TextAreaField, TextField } from "./field";
import { Options, type Choice } from "./options";

type InputType = InputHTMLAttributes<HTMLInputElement>["type"];
// The form's own schema type does not matter here: only the field's name, id, value and errors are read.
type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

interface Common {
  field: Field;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * What conform's getInputProps/getTextareaProps/getSelectProps give these fields (id, name, form, the
 * initial value, aria-invalid and aria-describedby when there are errors), reading each of the field's
 * properties once. Each read builds conform's whole metadata object behind a Proxy, and its helpers read
 * some twenty, mostly the constraint attributes our forms never set (useZodForm passes no `constraint`):
 * on a form page that was a tenth of the render and a sixth of its garbage.
 */
function controlProps(field: Field) {
  const id = field.id;
  const errors = field.errors;
  const errorId = errors ? field.errorId : undefined;
  const initialValue = field.initialValue;
  return {
    id,
    name: field.name,
    form: field.formId,
    defaultValue: typeof initialValue === "string" ? initialValue : undefined,
    errors,
    errorId,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": errorId,
  };
}

/** A labelled input wired to its conform field: name, id, value, aria and error messages. */
export function InputField({
  field,
  label,
  hint,
  type,
  ...rest
}: Common & { type: Exclude<InputType, "checkbox" | "radio"> } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">) {
  return <TextField label={label} hint={hint} type={type} {...controlProps(field)} {...rest} />;
}

export function TextareaField({ field, label, hint }: Common) {
  return <TextAreaField label={label} hint={hint} {...controlProps(field)} />;
}

export function ChoiceField({ field, label, hint, placeholder, options }: Common & { placeholder: string; options: readonly Choice[] }) {
  return (
    <SelectField label={label} hint={hint} {...controlProps(field)}>
      <option value="">{placeholder}</option>
      <Options options={options} />
    </SelectField>
  );
}
