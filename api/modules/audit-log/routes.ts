/**
 * The audit log, for owners and admins of the caller's current organization (permission "audit.read"):
 *   GET /api/v1/admin/audit_log?actor_id=&kind=&event_form_id=&from=&to=&page=   a page, newest first, and the filters' choices
 *   GET /api/v1/admin/audit_log.csv?…the same filters                          every matching entry as CSV
 * There is nothing to edit or delete: the record only grows.
 */
import { Hono, type Context } from "hono";
import { auditLogFiltersSchema, type AuditLogPage } from "#schemas/activity.ts";
import type { AppEnv } from "#api/context.ts";
import { csvResponse } from "#api/lib/csv.ts";
import { organizationFor } from "#api/lib/owner.ts";
import { page, parseListQuery } from "#api/lib/pagination.ts";
import { validate } from "#api/lib/validation.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { auditLogCsv, auditLogOptions, auditLogWindow, listAuditLog } from "./service.ts";

export const auditLogRoutes = new Hono<AppEnv>();

/** The caller's access to the log and the filters they asked for, the days on their own clock. */
function request(c: Context<AppEnv>) {
  const user = currentUser(c);
  const access = organizationFor(user, "audit.read");
  const filters = validate(auditLogFiltersSchema, c.req.query());
  return { access, window: auditLogWindow(filters, user.settings.time_zone) };
}

auditLogRoutes.get("/api/v1/admin/audit_log", requireUser, async (c) => {
  const { access, window } = request(c);
  const query = parseListQuery(c.req.url);
  const [{ total, data }, options] = await Promise.all([
    listAuditLog(c.get("db"), access, window, query),
    auditLogOptions(c.get("db"), access),
  ]);
  const answer: AuditLogPage = { ...page(c.req.url, query, total, data), ...options };
  return c.json(answer);
});

auditLogRoutes.get("/api/v1/admin/audit_log.csv", requireUser, (c) => {
  const { access, window } = request(c);
  return csvResponse(auditLogCsv(c.get("db"), access, window), `audit-log-${access.organizationId}.csv`);
});
