/** The audit log: every change made in an organization, for its owners and admins; it only grows. */
import { listQuery } from "./list-query.ts";
import { apiPart, apiRoute, fileAnswer } from "./route.ts";
import { auditLogFilterFields, auditLogFiltersSchema, auditLogPage, datesInOrder } from "../activity.ts";

const readsLog = { organization: "audit.read" } as const;

/** A page of the log: the list's basics and the filters, a filter that is not one refused on its field. */
export const auditLogQuery = datesInOrder(listQuery.extend(auditLogFilterFields));

export const auditLogRoutes = apiPart("Audit log", {
  auditLog: apiRoute({
    method: "GET",
    path: "/api/v1/admin/audit_log",
    summary:
      "List the organization's changes, newest first, and the members and forms the filters offer (filter by member, kind, form, days)",
    access: readsLog,
    query: auditLogQuery,
    answer: auditLogPage,
  }),
  auditLogCsv: apiRoute({
    method: "GET",
    path: "/api/v1/admin/audit_log.csv",
    summary: "Download every entry the filters match as CSV, newest first",
    access: readsLog,
    query: auditLogFiltersSchema,
    answer: fileAnswer("text/csv", "The matching entries, one line each, their changes as “field: before → after”"),
  }),
});
