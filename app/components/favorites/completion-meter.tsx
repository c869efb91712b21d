/**
 * A labelled completeness bar. role="progressbar" with its value, so screen readers announce "Overall
 * completeness, 43 percent"; the visible text says the same for everyone else.
 */
export function CompletionMeter({ label, value, size = "md" }: { label: string; value: number; size?: "sm" | "md" }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="space-y-1">
      <div className={`flex items-center justify-between ${size === "sm" ? "text-xs" : "text-sm"} text-slate-600`}>
        <span>{label}</span>
        <span className="font-medium text-slate-800">{clamped}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={`${clamped}%`}
        className={`${size === "sm" ? "h-1.5" : "h-2.5"} overflow-hidden rounded-full bg-slate-200`}
      >
        <div className={`h-full rounded-full ${clamped === 100 ? "bg-green-600" : "bg-brand-600"}`} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
