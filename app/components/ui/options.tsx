/** A choice as a plain string (its own label) or a value with a label; a disabled one is shown but cannot be picked. */
export type Choice = string | { value: string | number; label: string; disabled?: boolean };

/** The <option>s of a select, from plain strings or value/label pairs. */
export function Options({ options }: { options: readonly Choice[] }) {
  return options.map((option) =>
    typeof option === "string" ? (
      <option key={option}>{option}</option>
    ) : (
      <option key={option.value} value={option.value} disabled={option.disabled}>
        {option.label}
      </option>
    ),
  );
}
