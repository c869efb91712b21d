import { Hono, type Context, type MiddlewareHandler } from "hono";
import { refundSchema, type BillingInput } from "#schemas/billing.ts";
import { billingRoutes, type BillingListQuery } from "#schemas/contract/billing.ts";
import { paymentRoutes } from "#schemas/contract/payments.ts";
import type { AppEnv } from "#api/context.ts";
import { serve, withStatus } from "#api/lib/contract.ts";
import { appKey } from "#api/db/settings.ts";
import { csvResponse } from "#api/lib/csv.ts";
import { HttpError, notFound } from "#api/lib/errors.ts";
import { pathId } from "#api/lib/ids.ts";
import { inOwnOrder, page } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { BroadcastQueue, publishAfterCommit } from "#api/realtime/broadcaster.ts";
import { PAYMENT_PROCESSING_PATH, SANDBOX_ID_PREFIX, type PaymentProviders } from "#api/payments/provider.ts";
import { checkSandboxToken, SANDBOX_CSP, sandboxPage, SandboxProvider } from "#api/payments/sandbox.ts";
import { StripeProvider } from "#api/payments/stripe.ts";
import { FORM_NOT_FOUND } from "../applications/messages.ts";
import { currentUser } from "../auth/middleware.ts";
import { limits } from "#api/lib/limits.ts";
import { guarded } from "#api/lib/rate-limit.ts";
import { organizationFor, type OrganizationAccess } from "#api/lib/owner.ts";
import { COUPON_REFUSALS } from "../coupons/service.ts";
import { findManagedForm } from "../event-forms/ownership.ts";
import { createBilling, updateBilling, type Log } from "./checkout.ts";
import { verifyPayment } from "./fulfilment.ts";
import { statusChanges } from "./history.ts";
import { billingsCsv, listBillings } from "./listing.ts";
import { BILLING_NOT_FOUND, PAYMENT_NOT_FOUND } from "./messages.ts";
import { quote } from "./pricing.ts";
import { billingRefunds, refundable, refundBilling } from "./refunds.ts";
import { unappliedPayments } from "./unapplied-payments.ts";
import { changeStatus } from "./status.ts";
import { visibleBilling } from "./views.ts";
import { handleStripeWebhook } from "./webhook.ts";
import { requireCityInCountryText } from "../places/check-city.ts";

export interface BillingOptions {
  /** Stripe Checkout is used when a secret key is given (server: STRIPE_SECRET_KEY, STRIPE_API_BASE). */
  stripe?: { secretKey?: string; apiBase?: string };
  /** Signs the sandbox checkout tokens; defaults to the app key kept in the database. */
  sandboxSecret?: string;
  /** Stripe's webhook signing secret (server: STRIPE_WEBHOOK_SECRET); the webhook needs it and a secret key. */
  webhookSecret?: string;
  /** Where provider errors that must not fail a request (closing an old checkout) are reported. */
  log?: Log;
}

const billingId = (value: string | undefined) => pathId(value, BILLING_NOT_FOUND);

/** A billing id that cannot name a row is "not found" before the body is read. */
const billingIdFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  billingId(c.req.param("id"));
  await next();
};

/** The refund's key may come as the Idempotency-Key header instead of a field. */
const refundKeySchema = refundSchema.pick({ idempotency_key: true });

export const STRIPE_WEBHOOK_NOT_CONFIGURED = "Stripe webhooks are not configured.";

export function createBillingRoutes(options: BillingOptions = {}) {
  const routes = new Hono<AppEnv>();

  const sandboxSecret = async (c: Context<AppEnv>) => options.sandboxSecret ?? (await appKey(c.get("db")));
  const sandbox = async (c: Context<AppEnv>) => new SandboxProvider(c.get("db"), await sandboxSecret(c));
  const stripe = () =>
    options.stripe?.secretKey ? new StripeProvider({ secretKey: options.stripe.secretKey, apiBase: options.stripe.apiBase }) : null;
  const log = options.log ?? console.error;
  /**
   * New checkouts open on the configured provider (Stripe when its key is set, else the sandbox); a payment
   * is asked of the provider that made it, by its id: `sbx_…` is the sandbox's, any other Stripe's (none
   * when Stripe is not configured, so it is not found).
   */
  const providers = async (c: Context<AppEnv>): Promise<PaymentProviders> => {
    const sandboxProvider = await sandbox(c);
    const stripeProvider = stripe();
    return {
      checkout: stripeProvider ?? sandboxProvider,
      forPayment: (paymentId) => (paymentId.startsWith(SANDBOX_ID_PREFIX) ? sandboxProvider : stripeProvider),
    };
  };
  const returnUrl = (c: Context<AppEnv>) => `${c.get("config").appUrl.replace(/\/+$/, "")}${PAYMENT_PROCESSING_PATH}`;

  /**
   * Coupon codes must not be guessable: a user who has tried too many unknown codes lately is refused (429)
   * before any code is looked at. Only "not valid" counts; a known code refused for another reason does not.
   */
  const guardingCoupons = async <T>(c: Context<AppEnv>, userId: number, code: string | undefined, run: () => Promise<T>): Promise<T> => {
    if (!code) return run();
    // Counted before the code is looked at, so guesses sent at once are held to the limit too; any
    // answer but "not valid" gives the hit back.
    const unknownCode = (error: unknown) => error instanceof HttpError && !!error.errors?.coupon_code?.includes(COUPON_REFUSALS.unknown);
    return guarded(c.get("db"), limits(c.get("config")).couponGuess, userId, run, unknownCode);
  };

  /** The billing form's fields; the city must be one of the country's (spelled as the list spells it). */
  const withCity = (input: BillingInput) => ({ ...input, city: requireCityInCountryText(input.country, input.city) });

  serve(routes, billingRoutes.createBilling, async (c, { body }) => {
    const user = currentUser(c);
    const input = withCity(body);
    return guardingCoupons(c, user.id, input.coupon_code, async () =>
      createBilling(c.get("db"), await providers(c), user.id, input, returnUrl(c)),
    );
  });

  serve(routes, billingRoutes.quoteBilling, async (c, { body }) => {
    const user = currentUser(c);
    return { quote: await guardingCoupons(c, user.id, body.coupon_code, () => quote(c.get("db"), user.id, body)) };
  });

  serve(routes, billingRoutes.verifyPayment, async (c, { body: { connect_pay_id } }) => {
    const queue = new BroadcastQueue();
    const answer = await verifyPayment(c.get("db"), await providers(c), currentUser(c).id, connect_pay_id, queue);
    await publishAfterCommit(c.get("broadcaster"), queue.messages, log);
    return answer;
  });

  serve(
    routes,
    billingRoutes.updateBilling,
    async (c, { params, body }) => {
      const user = currentUser(c);
      const input = withCity(body);
      return guardingCoupons(c, user.id, input.coupon_code, async () =>
        updateBilling(c.get("db"), await providers(c), user.id, billingId(params.id), input, returnUrl(c), log),
      );
    },
    { before: [billingIdFirst] },
  );

  serve(routes, billingRoutes.showBilling, async (c, { params }) => ({
    event_billing: await visibleBilling(c.get("db"), currentUser(c), billingId(params.id)),
  }));

  serve(routes, billingRoutes.showBillingDetail, async (c, { params }) => {
    const billing = await visibleBilling(c.get("db"), currentUser(c), billingId(params.id));
    const [status_changes, refunds, left, unapplied_payments] = await Promise.all([
      statusChanges(c.get("db"), billing.id),
      billingRefunds(c.get("db"), billing.id),
      refundable(c.get("db"), billing),
      unappliedPayments(c.get("db"), billing.id),
    ]);
    return { event_billing: { ...billing, status_changes, refunds, refundable: left, unapplied_payments } };
  });

  /**
   * The caller's own form and the list's query (newest first unless asked otherwise). A form that is missing
   * or another startup's is "Event form not found", as the payments screen says.
   */
  const formAndQuery = async (c: Context<AppEnv>, access: OrganizationAccess, id: string, query: BillingListQuery) => {
    const form = await findManagedForm(c.get("db"), access, pathId(id, FORM_NOT_FOUND));
    if (!form) throw notFound(FORM_NOT_FOUND);
    return { form, query: inOwnOrder(c.req.url, query, "desc") };
  };

  serve(routes, billingRoutes.listBillings, async (c, { params, query: asked, organization }) => {
    const { form, query } = await formAndQuery(c, organization, params.id, asked);
    const { total, data, totals } = await listBillings(c.get("db"), form.id, query);
    // The form the payments screen is about, so that the screen needs this one call and no other.
    const event_form = {
      id: form.id,
      title: form.title,
      type_of_event: form.typeOfEvent,
      paid_event_information: form.paidEventInformation ?? null,
    };
    return { ...page(c.req.url, query, total, data), totals, event_form };
  });

  serve(routes, billingRoutes.billingsCsv, async (c, { params, query: asked, organization }) => {
    const { form, query } = await formAndQuery(c, organization, params.id, asked);
    return csvResponse(billingsCsv(c.get("db"), form.id, query), `billings-${form.id}.csv`);
  });

  /** Who handles the money first, then whether the id names a billing, before the status asked for is read. */
  const moneyThenBillingId: MiddlewareHandler<AppEnv> = async (c, next) => {
    organizationFor(c.get("user"), "money");
    billingId(c.req.param("id"));
    await next();
  };

  serve(
    routes,
    billingRoutes.changeBillingStatus,
    async (c, { params, body: { status }, organization }) => {
      const queue = new BroadcastQueue();
      const billing = await changeStatus(
        c.get("db"),
        await providers(c),
        organization,
        currentUser(c),
        billingId(params.id),
        status,
        log,
        queue,
      );
      await publishAfterCommit(c.get("broadcaster"), queue.messages, log);
      return { event_billing: billing };
    },
    { before: [moneyThenBillingId] },
  );

  /**
   * A refund through the provider: 201 with the refund made; 200 with the one the same key made before. The
   * permission, then the billing id, then the body and its key, and only then the organization's "money".
   */
  serve(
    routes,
    billingRoutes.refundBilling,
    async (c, { params, body: input }) => {
      const user = currentUser(c);
      input.idempotency_key ??= validate(refundKeySchema, { idempotency_key: c.req.header("idempotency-key") }).idempotency_key;
      const queue = new BroadcastQueue();
      const { created, ...made } = await refundBilling(
        c.get("db"),
        await providers(c),
        organizationFor(user, "money"),
        user,
        billingId(params.id),
        input,
        queue,
      );
      await publishAfterCommit(c.get("broadcaster"), queue.messages, log);
      return withStatus(created ? 201 : 200, made);
    },
    { before: [billingIdFirst] },
  );

  // ---- Stripe's webhook (exempt from the XSRF check: the signature of the raw body authenticates it) ----

  serve(routes, paymentRoutes.stripeWebhook, async (c) => {
    const secretKey = options.stripe?.secretKey;
    const webhookSecret = options.webhookSecret;
    if (!secretKey || !webhookSecret) throw notFound(STRIPE_WEBHOOK_NOT_CONFIGURED);
    // The exact bytes Stripe signed: never a parsed and re-serialised body.
    const rawBody = await c.req.text();
    const queue = new BroadcastQueue();
    const answer = await handleStripeWebhook(
      c.get("db"),
      new StripeProvider({ secretKey, apiBase: options.stripe?.apiBase }),
      rawBody,
      c.req.header("stripe-signature"),
      webhookSecret,
      undefined,
      queue,
    );
    await publishAfterCommit(c.get("broadcaster"), queue.messages, log);
    return c.json(answer.body, answer.status);
  });

  // ---- the sandbox provider's hosted checkout (see api/payments/sandbox.ts for the token scheme) ----

  const sandboxId = (value: string) => {
    if (!/^sbx_[0-9a-f]{32}$/.test(value)) throw notFound(PAYMENT_NOT_FOUND);
    return value;
  };

  serve(routes, paymentRoutes.sandboxCheckout, async (c, { params, query: { token } }) => {
    const id = sandboxId(params.id);
    const secret = await sandboxSecret(c);
    if (!checkSandboxToken(secret, id, token)) throw notFound(PAYMENT_NOT_FOUND);
    const payment = await (await sandbox(c)).find(id);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    c.header("Content-Security-Policy", SANDBOX_CSP);
    return c.html(
      sandboxPage({
        id,
        amount: Number(payment.amount).toFixed(2),
        currency: payment.currency,
        description: payment.description,
        status: payment.status,
        token: token ?? "",
      }),
    );
  });

  for (const [route, outcome] of [
    [paymentRoutes.sandboxPay, "paid"],
    [paymentRoutes.sandboxDecline, "failed"],
  ] as const) {
    serve(routes, route, async (c, { params, body: { token } }) => {
      const id = sandboxId(params.id);
      if (!checkSandboxToken(await sandboxSecret(c), id, token)) throw notFound(PAYMENT_NOT_FOUND);
      const target = await (await sandbox(c)).settle(id, outcome);
      if (!target) throw notFound(PAYMENT_NOT_FOUND);
      return c.redirect(target, 303);
    });
  }

  return routes;
}
