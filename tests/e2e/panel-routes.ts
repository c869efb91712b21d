/**
 * The panel's routes as the fuzz walks them, read from the route table (app/routes.ts) and the route
 * modules themselves: nothing here lists a page by hand, so a new page or action is walked as soon as it exists.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";

export interface PanelRoute {
  /** The URL pattern, layouts flattened: "/event-forms/edit/:id". */
  pattern: string;
  /** The route module, relative to app/. */
  file: string;
}

function flatten(entries: readonly RouteConfigEntry[], prefix = ""): PanelRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [{ pattern: path || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

/** Every page of the panel (not the catch-all nor logout). */
export const panelRoutes = flatten(routes).filter(({ pattern }) => pattern !== "*" && pattern !== "/logout");

const APP = join(import.meta.dirname, "..", "..", "app");
const source = (file: string) => readFileSync(join(APP, file), "utf8");

/** The module and the modules beside it that it imports ("./billing.server"): where an action's code lives. */
function moduleAndNeighbours(file: string): string {
  const own = source(file);
  const neighbours = [...own.matchAll(/from "\.\/([\w.-]+)"/g)].map(([, name]) => {
    for (const ext of [".ts", ".tsx"]) {
      try {
        return source(join(dirname(file), name + ext));
      } catch {
        // not this extension
      }
    }
    return "";
  });
  return [own, ...neighbours].join("\n");
}

const hasAction = (file: string) => /export (async )?function action\b|export const action\b|export \{[^}]*\baction\b/.test(source(file));

/** The routes that take a POST (they export an action). */
export const actionRoutes = panelRoutes.filter(({ file }) => hasAction(file));

/** The actions that read a conform form (through parseSubmission): they answer a malformed one with the form again. */
export const formReadingRoutes = actionRoutes.filter(({ file }) => /\bparseSubmission\(/.test(moduleAndNeighbours(file)));

/** A route parameter in a pattern: ":id" in "/event-forms/edit/:id". */
const PARAMETER = /:\w+/g;

/** The pattern's address with every parameter given `value`. */
export const fillPattern = (pattern: string, value: string) => pattern.replace(PARAMETER, value);

/** Whether a same-site path (query ignored) is an address of the pattern. */
export function matchesPattern(pattern: string, path: string): boolean {
  const expression = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(PARAMETER, "[^/?#]+");
  return new RegExp(`^${expression}$`).test(path.split(/[?#]/)[0]);
}

/** The same-site links and form targets of a page's HTML. */
export function sameSiteTargets(html: string): string[] {
  const targets = [...html.matchAll(/(?:href|action)="(\/[^"/][^"]*)"/g)].map(([, target]) => target.replaceAll("&amp;", "&"));
  return [...new Set(targets)];
}
