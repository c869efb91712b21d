/*
 * How the sender treats a failed try. What the mail server said decides: a refusal of the address for
 * good (5xx to RCPT TO) bounces the message and the address; a refusal of the message itself for good
 * (5xx to DATA) fails it; anything else (no connection, a timeout, a 4xx "try later", a login refused
 * while the operator fixes SMTP_URL) is tried again later, a bounded number of times.
 */

export type Outcome = { kind: "bounced"; reason: string } | { kind: "failed"; reason: string } | { kind: "retry"; reason: string };

interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

export function outcomeOf(error: unknown): Outcome {
  const e = (error ?? {}) as SmtpError;
  const reason = (e.response || e.message || String(error)).slice(0, 500);
  const permanent = typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
  if (permanent && e.command?.toUpperCase().startsWith("RCPT")) return { kind: "bounced", reason };
  if (permanent && (e.command?.toUpperCase() === "DATA" || e.code === "EMESSAGE")) return { kind: "failed", reason };
  return { kind: "retry", reason };
}

export interface RetryPolicy {
  /** The wait before the first retry; each next one is four times longer, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Tries in all; the last failure marks the message failed. */
  maxAttempts: number;
}

/** First retry after 15 s, then 1 min, 4 min, 16 min, 1 h, 1 h, 1 h: eight tries over about 3.5 hours. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 15_000, maxDelayMs: 3_600_000, maxAttempts: 8 };

/**
 * The wait after the `attempts`-th failed try, with up to a fifth more at random, so messages failed
 * together (the server was down) do not all come back at the same moment.
 */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  const base = Math.min(policy.firstDelayMs * 4 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return Math.round(base * (1 + Math.random() * 0.2));
}
