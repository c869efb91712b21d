import type { CheckInAnswer } from "#schemas/check-ins";

const TONES: Record<CheckInAnswer["outcome"], string> = {
  checked_in: "border-green-300 bg-green-50 text-green-900",
  already_checked_in: "border-amber-300 bg-amber-50 text-amber-900",
  cancelled: "border-red-300 bg-red-50 text-red-900",
  another_event: "border-red-300 bg-red-50 text-red-900",
  not_found: "border-red-300 bg-red-50 text-red-900",
};

/** What the last scan found, said at once and announced to screen readers. */
export function ScanResult({ answer }: { answer: CheckInAnswer | null }) {
  return (
    <div role="status" aria-live="polite" data-testid="scan-result">
      {answer ? (
        <div className={`rounded-lg border p-4 ${TONES[answer.outcome]}`}>
          <p className="text-lg font-semibold">{answer.message}</p>
          {answer.ticket ? (
            <p className="mt-1">
              {answer.ticket.name}
              {answer.ticket.email ? ` · ${answer.ticket.email}` : null}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
