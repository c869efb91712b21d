import { Hono, type Context } from "hono";
import type { DashboardQuery } from "#schemas/dashboard.ts";
import { dashboardRoutes as routes } from "#schemas/contract/dashboard.ts";
import type { AppEnv } from "#api/context.ts";
import { forbidden } from "#api/lib/errors.ts";
import { serve } from "#api/lib/contract.ts";
import { currentUser } from "../auth/middleware.ts";
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

/**
 * The card's query (dashboardQuerySchema: 422 on a period other than 30/90/365 or an unknown zone). Days
 * are in the `tz` asked for (the panel sends the user's zone from their settings), else the event's zone
 * for one event's data, else UTC.
 */
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
  const app = new Hono<AppEnv>();
  const answer = <T>(card: string, scope: string, query: CardQuery, compute: () => Promise<T>): Promise<T> =>
    cache ? cache.through(cardKey(card, scope, query), compute) : compute();

  serve(app, routes.applicationsPerDay, async (c, { query, organization }) => {
    const data = await answer("applications-per-day", accessKey(organization), query, async () => {
      const { scope, window } = await ownerCard(c, query, organization);
      return applicationsPerDay(c.get("db"), scope, window);
    });
    return { data };
  });

  serve(app, routes.applicationsByStage, async (c, { query, organization }) => {
    const data = await answer("applications-by-stage", accessKey(organization), query, async () => {
      const { scope, window } = await ownerCard(c, query, organization);
      return applicationsByStage(c.get("db"), scope, window);
    });
    return { data };
  });

  serve(app, routes.billingsSummary, async (c, { query, organization }) => {
    // The form does not narrow this card: left out of the key, so one answer serves every form_id.
    const data = await answer("billings", accessKey(organization), { ...query, form_id: undefined }, () =>
      billingsSummary(c.get("db"), organization, windowFor(query)),
    );
    return { data };
  });

  serve(app, routes.upcomingEvents, async (c) => {
    const access = organizationAccess(c.get("user"), "forms.read") ?? organizationFor(c.get("user"), "check_in");
    // Neither period nor zone changes this card.
    const data = await answer("upcoming-events", accessKey(access), { period: 0 }, () => upcomingEvents(c.get("db"), access));
    return { data };
  });

  serve(app, routes.followersPerWeek, async (c, { query }) => {
    const account = followerOf(c.get("user"));
    if (!account) throw forbidden();
    const data = await answer("followers", `${account.type}:${account.id}`, { ...query, form_id: undefined }, () =>
      followersPerWeek(c.get("db"), account, windowFor(query)),
    );
    return { data };
  });

  serve(app, routes.myApplicationsSummary, async (c, { query }) => {
    const userId = currentUser(c).id;
    const data = await answer("my-applications", `user:${userId}`, { ...query, form_id: undefined }, () =>
      myApplications(c.get("db"), userId, windowFor(query)),
    );
    return { data };
  });

  serve(app, routes.invitationsSummary, async (c, { query }) => {
    const user = currentUser(c);
    assertInvitationAccount(user);
    const scope = `startup:${sendingStartupId(user) ?? "-"}/co_founder:${user.coFounderId ?? "-"}`;
    const data = await answer("invitations", scope, { ...query, form_id: undefined }, () =>
      invitations(c.get("db"), user, windowFor(query)),
    );
    return { data };
  });

  return app;
}
