/** How outgoing webhooks are sent: read from the environment by server/config.ts, passed in by tests. */
export interface WebhooksConfig {
  /** WEBHOOK_RETRY_SECONDS: the wait before a failed delivery's first retry; each next one is six times longer, up to a day. */
  retrySeconds: number;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: URLs may be http and reach private, loopback and link-local addresses. For local
   * development and tests only: on a server it lets an organization call the machines behind it.
   */
  allowPrivate: boolean;
  /** How long a receiver has to answer, in ms (10 s; tests pass less). */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOKS_CONFIG: WebhooksConfig = { retrySeconds: 5, allowPrivate: false, timeoutMs: 10_000 };

export function readWebhooksConfig(env: NodeJS.ProcessEnv): WebhooksConfig {
  const seconds = Number(env.WEBHOOK_RETRY_SECONDS);
  return {
    ...DEFAULT_WEBHOOKS_CONFIG,
    retrySeconds: env.WEBHOOK_RETRY_SECONDS && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_WEBHOOKS_CONFIG.retrySeconds,
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE?.trim().toLowerCase() === "true",
  };
}
