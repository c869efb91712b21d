/**
 * Paths that name rows the caller can reach. At an id that names nothing a handler answers 404 before it
 * reads its body or its query, so a malformed body sent there proves nothing about the route's validation.
 * Each parameter is filled from the first item of the list that the path before it answers
 * (`/api/v1/admin/event_forms/:id` from `GET /api/v1/admin/event_forms`, then `…/{id}/check_ins/:code` from
 * `GET …/{id}/check_ins`), so a new route is filled without being named. Where no list answers, "1".
 */
import { fillPattern, type Route } from "./families.ts";

/** Answers a GET with its JSON body, or null when the path answers no 2xx. */
export type ListReader = (path: string) => Promise<unknown>;

/** A path segment that is a parameter, with its name (a pattern after it, `:file{…}`, is the route's business). */
const PARAMETER = /^:(\w+)/;

/** The first object in the answer's first list: `data`, or any list at the top of the answer. */
function firstItem(answer: unknown): Record<string, unknown> | null {
  if (Array.isArray(answer)) return typeof answer[0] === "object" && answer[0] !== null ? (answer[0] as Record<string, unknown>) : null;
  if (typeof answer !== "object" || answer === null) return null;
  const lists = Object.values(answer).filter(Array.isArray);
  for (const list of lists) if (typeof list[0] === "object" && list[0] !== null) return list[0] as Record<string, unknown>;
  return null;
}

/**
 * The item's value for a parameter: the field of its name (`username`), one ending in `_{name}`
 * (`ticket_code` for `code`), or `id` for `id` and `…Id`/`…_id` parameters.
 */
function valueFor(item: Record<string, unknown>, name: string): string | null {
  const scalar = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);
  const own = scalar(item[name]) ?? scalar(Object.entries(item).find(([key]) => key.endsWith(`_${name}`))?.[1]);
  if (own !== null) return own;
  return /(^id|Id|_id)$/.test(name) ? scalar(item.id) : null;
}

export interface LivePaths {
  /** Each pattern with parameters, filled. */
  paths: Map<string, string>;
  /** How many parameters (by the path before them) a list filled, and how many were left at "1". */
  filled: number;
  unfilled: string[];
}

/** Every route's pattern filled with live values for the caller whose lists `read` answers. */
export async function livePaths(routes: Route[], read: ListReader): Promise<LivePaths> {
  const found = new Map<string, string | null>();
  const lists = new Map<string, Promise<Record<string, unknown> | null>>();
  const listAt = (path: string) => {
    if (!lists.has(path)) lists.set(path, read(path).then(firstItem));
    return lists.get(path)!;
  };
  const paths = new Map<string, string>();
  for (const { pattern } of routes) {
    if (!pattern.includes(":")) continue;
    let filled = "";
    for (const segment of pattern.split("/").slice(1)) {
      const parameter = PARAMETER.exec(segment);
      if (!parameter) {
        filled += `/${segment}`;
        continue;
      }
      const key = `${filled}/${segment}`;
      if (!found.has(key)) {
        const item = await listAt(filled);
        found.set(key, item && valueFor(item, parameter[1]));
      }
      filled += `/${encodeURIComponent(found.get(key) ?? "1")}`;
    }
    paths.set(pattern, filled);
  }
  const unfilled = [...found].filter(([, value]) => value === null).map(([key]) => key);
  return { paths, filled: found.size - unfilled.length, unfilled };
}

/** The route's path at live values, or at "1" where the caller has none. */
export const livePath = (live: LivePaths, route: Route) => live.paths.get(route.pattern) ?? fillPattern(route.pattern, "1");
