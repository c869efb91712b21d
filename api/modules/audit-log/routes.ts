/**
 * The audit log, for owners and admins of the caller's current organization (permission "audit.read"): a
 * page newest first with the filters' choices, or every matching entry as CSV. There is nothing to edit or
 * delete: the record only grows.
 */
import { Hono } from "hono";
import { auditLogRoutes as routes } from "#schemas/contract/audit-log.ts";
import type { AppEnv } from "#api/context.ts";
import { serve } from "#api/lib/contract.ts";
import { csvResponse } from "#api/lib/csv.ts";
import { page } from "#api/lib/pagination.ts";
import { currentUser } from "../auth/middleware.ts";
import { auditLogCsv, auditLogOptions, auditLogWindow, listAuditLog } from "./service.ts";

export const auditLogRoutes = new Hono<AppEnv>();

// The days of the window are the caller's own, on their clock.
serve(auditLogRoutes, routes.auditLog, async (c, { query, organization }) => {
  const window = auditLogWindow(query, currentUser(c).settings.time_zone);
  const [{ total, data }, options] = await Promise.all([
    listAuditLog(c.get("db"), organization, window, query),
    auditLogOptions(c.get("db"), organization),
  ]);
  return { ...page(c.req.url, query, total, data), ...options };
});

serve(auditLogRoutes, routes.auditLogCsv, async (c, { query, organization }) => {
  const window = auditLogWindow(query, currentUser(c).settings.time_zone);
  return csvResponse(auditLogCsv(c.get("db"), organization, window), `audit-log-${organization.organizationId}.csv`);
});
