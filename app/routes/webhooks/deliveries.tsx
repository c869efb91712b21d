import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import type { WebhookDeliveryView } from "#schemas/webhooks";
import { buttonClass } from "~/components/ui/button";
import { EmptyState, Badge } from "~/components/ui/layout";
import { TimeAgo } from "~/components/ui/time-ago";

/** While a delivery is on its way, how often the open page asks again (with JavaScript; without, "Refresh"). */
const FOLLOW_INTERVAL_MS = 2000;

const STATE_TONES = { pending: "blue", sending: "blue", delivered: "green", failed: "red" } as const;
const STATE_LABELS = { pending: "Waiting", sending: "Sending", delivered: "Delivered", failed: "Failed" } as const;

/** A delivery on its way is followed until it settles: a test event sent from this page shows its answer. */
export function useFollowDeliveries(deliveries: readonly WebhookDeliveryView[]) {
  const revalidator = useRevalidator();
  const underWay =
    deliveries.some((delivery) => delivery.state === "pending" && delivery.attempts === 0) ||
    deliveries.some((delivery) => delivery.state === "sending");
  useEffect(() => {
    if (!underWay) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, FOLLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [underWay, revalidator]);
}

/** What the receiver answered, or why there was no answer. */
function outcome(delivery: WebhookDeliveryView): string {
  if (delivery.status_code !== null) return `HTTP ${delivery.status_code}`;
  if (delivery.error) return delivery.error;
  return "Not tried yet";
}

/**
 * An endpoint's deliveries, newest first: each with its state, answer, tries and time, the bodies sent and
 * received (cut at 8 KB) behind a disclosure, and "Redeliver".
 */
export function DeliveryList({ deliveries }: { deliveries: readonly WebhookDeliveryView[] }) {
  useFollowDeliveries(deliveries);
  if (deliveries.length === 0)
    return <EmptyState title="No deliveries yet">Send a test event above, or wait for something you chose to happen.</EmptyState>;
  return (
    <ol className="space-y-3" aria-label="Deliveries">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={`delivery-${delivery.id}`}>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <code className="font-semibold">{delivery.event_type}</code>
            <Badge tone={STATE_TONES[delivery.state]}>{STATE_LABELS[delivery.state]}</Badge>
            <span>{outcome(delivery)}</span>
            <span className="text-slate-600">
              {delivery.attempts} {delivery.attempts === 1 ? "try" : "tries"}
              {delivery.duration_ms !== null ? `, ${delivery.duration_ms} ms` : ""}
            </span>
            <TimeAgo iso={delivery.last_attempt_at ?? delivery.created_at} className="text-slate-600" />
            <Form method="post" className="ml-auto">
              <input type="hidden" name="intent" value="redeliver" />
              <input type="hidden" name="delivery_id" value={delivery.id} />
              <button
                type="submit"
                className={buttonClass("secondary", "sm")}
                aria-label={`Redeliver ${delivery.event_type} (${delivery.message_id})`}
              >
                Redeliver
              </button>
            </Form>
          </div>
          {delivery.state === "pending" && delivery.next_attempt_at && delivery.attempts > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              Next try <TimeAgo iso={delivery.next_attempt_at} until />
            </p>
          ) : null}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-700">Message {delivery.message_id}: what was sent and answered</summary>
            <h3 className="mt-2 font-medium">Sent</h3>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">
              {delivery.request_body}
            </pre>
            <h3 className="mt-2 font-medium">Answered</h3>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">
              {delivery.response_body ?? "Nothing"}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
