import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** Every text input, select and textarea: the look is the `.field-input` component class in app.css. */
export const inputClass = "field-input";

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  // The alert role sits on a wrapper: on the <ul> itself it would replace the list role its items need.
  return (
    <div id={id} role="alert" className="mt-1 text-sm text-red-600">
      <ul className="space-y-0.5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

interface FieldShell {
  label: ReactNode;
  id: string;
  errors?: string[];
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function FieldShell({ label, id, errors, errorId, hint, children }: FieldShell) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

type Labelled = { label: ReactNode; errors?: string[]; errorId?: string; hint?: ReactNode; id: string };

export function TextField({ label, errors, errorId, hint, ...props }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} id={props.id} errors={errors} errorId={errorId} hint={hint}>
      <input className={inputClass} {...props} />
    </FieldShell>
  );
}

export function TextAreaField({ label, errors, errorId, hint, ...props }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} id={props.id} errors={errors} errorId={errorId} hint={hint}>
      <textarea className={inputClass} rows={4} {...props} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  errors,
  errorId,
  hint,
  children,
  ...props
}: Labelled & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <FieldShell label={label} id={props.id} errors={errors} errorId={errorId} hint={hint}>
      <select className={inputClass} {...props}>
        {children}
      </select>
    </FieldShell>
  );
}

export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700" role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
