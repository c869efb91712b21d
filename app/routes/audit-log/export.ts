import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import { listQueryOf } from "~/lib/list-query.server";
import type { Route } from "./+types/export";
import { AUDIT_FILTERS } from "./filters";

/** /audit-log/export: the log's CSV with the screen's filters, passed on from the API as it wrote it. */
export async function loader({ url, context }: Route.LoaderArgs) {
  return context.get(apiContext).file(API.auditLogCsv, { query: listQueryOf(url, AUDIT_FILTERS) });
}
