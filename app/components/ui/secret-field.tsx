import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "./button";

/**
 * A secret shown once (an API token, a signing secret): the whole value, wrapped so a phone shows all of it,
 * selectable, and with JavaScript a button that copies it. It is a read-only text area, so it wraps and
 * a screen reader reads it as a field's value.
 */
export function SecretField({ id, label, value, testId }: { id: string; label: string; value: string; testId: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  return (
    <div className="mt-3 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <textarea
          id={id}
          readOnly
          rows={2}
          value={value}
          className="field-input resize-none font-mono break-all"
          data-testid={testId}
          onFocus={(e) => e.target.select()}
        />
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={copy}>
            Copy
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select it and copy it yourself." : ""}
      </p>
    </div>
  );
}
