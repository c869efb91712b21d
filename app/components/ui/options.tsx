/** A choice as a plain string (its own label) or a value with a label. */
export type Choice = string | { value: string | number; label: string };

/** The <option>s of a select, from plain strings or value/label pairs. */
export function Options({ options }: { options: readonly Choice[] }) {
  return options.map((option) =>
    typeof option === "string" ? (
      <option key={option}>{option}</option>
    ) : (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ),
  );
}
