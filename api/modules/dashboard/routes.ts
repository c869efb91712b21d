import { Hono, type Context } from "hono";
import { dashboardQuerySchema, type DashboardQuery } from "#schemas/dashboard.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden } from "#api/lib/errors.ts";
import { validate } from "#api/lib/validation.ts";
import { authorize } from "../access/authorize.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { accessKey, organizationAccess, organizationFor, type OrganizationAccess } from "#api/lib/owner.ts";
import { followerOf } from "../follows/accounts.ts";
import { assertInvitationAccount, sendingStartupId } from "../invitations/service.ts";
import { applicationsByStage, applicationsPerDay, ownFormForCard, type OwnerScope } from "./applications.ts";
import { billingsSummary } from "./billings.ts";
import { invitations, myApplications } from "./co-founder.ts";
import { CardCache, cardKey, type CardQuery } from "./card-cache.ts";
import { upcomingEvents } from "./events.ts";
import { followersPerWeek } from "./followers.ts";
import type { Window } from "./window.ts";

const BASE = "/api/v1/admin/dashboard";

/**
 * The card's query (422 on a period other than 30/90/365 or an unknown zone). Days are in the `tz` asked
 * for (the panel sends the user's zone from their settings), else the event's zone for one event's
 * data, else UTC.
 */
const cardQuery = (c: Context<AppEnv>): DashboardQuery => validate(dashboardQuerySchema, c.req.query());
const windowFor = (query: DashboardQuery, eventZone?: string): Window => ({ period: query.period, zone: query.tz ?? eventZone ?? "UTC" });

/** The card's scope: the forms the caller's access reaches, narrowed to one of its forms when `form_id` names one (else 404). */
async function ownerCard(c: Context<AppEnv>, query: DashboardQuery, access: OrganizationAccess) {
  const form = query.form_id === undefined ? null : await ownFormForCard(c.get("db"), access, query.form_id);
  const scope: OwnerScope = { access, form: form && { id: form.id, title: form.title } };
  return { scope, window: windowFor(query, form?.timezone) };
}

/**
 * One call per dashboard card; every card's rows are scoped to the caller in its where clause. With a
 * cache (ApiConfig.dashboardCacheMs > 0), an answer is reused for everyone with the same scope and query;
 * the permission check (authorize/requireUser) still runs on every request, before the cache.
 */
export function createDashboardRoutes(cache?: CardCache) {
  const routes = new Hono<AppEnv>();
  const answer = <T>(card: string, scope: string, query: CardQuery, compute: () => Promise<T>): Promise<T> =>
    cache ? cache.through(cardKey(card, scope, query), compute) : compute();

  routes.get(`${BASE}/applications-per-day`, authorize("event response read"), async (c) => {
    const query = cardQuery(c);
    const access = organizationFor(c.get("user"), "forms.read");
    const data = await answer("applications-per-day", accessKey(access), query, async () => {
      const { scope, window } = await ownerCard(c, query, access);
      return applicationsPerDay(c.get("db"), scope, window);
    });
    return c.json({ data });
  });

  routes.get(`${BASE}/applications-by-stage`, authorize("event response read"), async (c) => {
    const query = cardQuery(c);
    const access = organizationFor(c.get("user"), "forms.read");
    const data = await answer("applications-by-stage", accessKey(access), query, async () => {
      const { scope, window } = await ownerCard(c, query, access);
      return applicationsByStage(c.get("db"), scope, window);
    });
    return c.json({ data });
  });

  routes.get(`${BASE}/billings`, authorize("event billing read"), async (c) => {
    const query = cardQuery(c);
    const access = organizationFor(c.get("user"), "money");
    // The form does not narrow this card: left out of the key, so one answer serves every form_id.
    const data = await answer("billings", accessKey(access), { ...query, form_id: undefined }, () =>
      billingsSummary(c.get("db"), access, windowFor(query)),
    );
    return c.json({ data });
  });

  routes.get(`${BASE}/upcoming-events`, authorize("event form read"), async (c) => {
    cardQuery(c);
    const access = organizationAccess(c.get("user"), "forms.read") ?? organizationFor(c.get("user"), "check_in");
    // Neither period nor zone changes this card.
    const data = await answer("upcoming-events", accessKey(access), { period: 0 }, () => upcomingEvents(c.get("db"), access));
    return c.json({ data });
  });

  routes.get(`${BASE}/followers`, requireUser, async (c) => {
    const query = cardQuery(c);
    const account = followerOf(c.get("user"));
    if (!account) throw forbidden();
    const data = await answer("followers", `${account.type}:${account.id}`, { ...query, form_id: undefined }, () =>
      followersPerWeek(c.get("db"), account, windowFor(query)),
    );
    return c.json({ data });
  });

  routes.get(`${BASE}/my-applications`, requireUser, async (c) => {
    const query = cardQuery(c);
    const userId = currentUser(c).id;
    const data = await answer("my-applications", `user:${userId}`, { ...query, form_id: undefined }, () =>
      myApplications(c.get("db"), userId, windowFor(query)),
    );
    return c.json({ data });
  });

  routes.get(`${BASE}/invitations`, requireUser, async (c) => {
    const query = cardQuery(c);
    const user = currentUser(c);
    assertInvitationAccount(user);
    const scope = `startup:${sendingStartupId(user) ?? "-"}/co_founder:${user.coFounderId ?? "-"}`;
    const data = await answer("invitations", scope, { ...query, form_id: undefined }, () =>
      invitations(c.get("db"), user, windowFor(query)),
    );
    return c.json({ data });
  });

  return routes;
}
