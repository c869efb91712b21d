import { createHash } from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ManualChunkMeta } from "rollup";
import type { Plugin } from "vite";

/**
 * Groups the browser's modules that a page of a kind loads anyway into a few files, so that a page asks for
 * about half as many scripts (decision 042), and no page downloads a byte more:
 *
 * - `shell`: everything the client entry and the root route import, which every page loads.
 * - `panel`: everything the logged-in frame imports (the panel's layout and the pathless layouts that wrap
 *   all its pages), which every panel page loads, less what a route outside the panel also imports.
 * - `shared-…`: the rest of the frame's imports, one group per set of routes outside the panel that load
 *   them (a button that `/login` and `/register` use). Rollup pulls a grouped module's imports into its
 *   group unless they are grouped elsewhere: left ungrouped, they would make `/login` download the panel.
 */
export function chunkGroups(options: { appDirectory: string; routes: RouteConfigEntry[]; rootFile: string; panelLayout: string }): Plugin {
  const file = (routeFile: string) => path.resolve(options.appDirectory, routeFile);
  const panel = options.routes.find((route) => route.file === options.panelLayout);
  if (!panel) throw new Error(`chunk groups: no top-level route uses ${options.panelLayout}`);
  const frame = frameFiles(panel);
  const panelRoutes = new Set(routeFiles([panel]));
  const roles: RouteRoles = {
    routes: [options.rootFile, ...routeFiles(options.routes)].map(file),
    shell: [file(options.rootFile)],
    frame: frame.map(file),
    outside: routeFiles(options.routes)
      .filter((routeFile) => !panelRoutes.has(routeFile))
      .map(file),
  };
  let groups: Map<string, string> | undefined;
  return {
    name: "launchpad:chunk-groups",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id: string, meta: ManualChunkMeta) {
                groups ??= groupModules(graphOf(meta), roles);
                return groups.get(id);
              },
            },
          },
        },
      };
    },
  };
}

/** Every route's file, and which of them start the shell, the panel's frame, and the routes outside the panel. */
export interface RouteRoles {
  routes: string[];
  shell: string[];
  frame: string[];
  outside: string[];
}

/** The build's module graph: static imports only, since a lazy import loads later, on its own. */
export interface ModuleGraph {
  /** Every module; an entry's id may carry a query after its file. */
  ids: string[];
  isEntry(id: string): boolean;
  imports(id: string): readonly string[];
}

/** Each grouped module's group. Entries are never grouped: React Router asks for each route's own file. */
export function groupModules(graph: ModuleGraph, roles: RouteRoles): Map<string, string> {
  const entries = new Map(graph.ids.filter((id) => graph.isEntry(id)).map((id) => [fileOf(id), id]));
  const startingAt = (files: string[]) => files.flatMap((file) => entries.get(file) ?? []);
  const reach = (from: string[]) => reachable(graph, from);
  // The client entry is the one entry that no route names.
  const named = new Set(roles.routes);
  const clientEntries = [...entries.values()].filter((id) => !named.has(fileOf(id)));
  const shell = reach([...clientEntries, ...startingAt(roles.shell)]);
  // For each module, the routes outside the panel that load it.
  const loadedBy = new Map<string, string[]>();
  for (const route of startingAt(roles.outside)) for (const id of reach([route])) loadedBy.set(id, [...(loadedBy.get(id) ?? []), route]);
  const groups = new Map<string, string>();
  for (const id of shell) if (!entries.has(fileOf(id))) groups.set(id, "shell");
  // The frame's imports are closed under import, so every module a grouped one imports is grouped too.
  for (const id of reach(startingAt(roles.frame))) {
    if (groups.has(id) || entries.has(fileOf(id))) continue;
    const outside = loadedBy.get(id);
    groups.set(id, outside ? sharedBy(outside) : "panel");
  }
  return groups;
}

/** The layout and the pathless layouts under it that wrap every one of its pages. */
function frameFiles(layout: RouteConfigEntry): string[] {
  const only = layout.children?.length === 1 ? layout.children[0] : undefined;
  return only && !only.path && !only.index && only.children?.length ? [layout.file, ...frameFiles(only)] : [layout.file];
}

function routeFiles(routes: RouteConfigEntry[]): string[] {
  return routes.flatMap((route) => [route.file, ...routeFiles(route.children ?? [])]);
}

function graphOf(meta: ManualChunkMeta): ModuleGraph {
  return {
    ids: [...meta.getModuleIds()],
    isEntry: (id) => meta.getModuleInfo(id)?.isEntry ?? false,
    imports: (id) => meta.getModuleInfo(id)?.importedIds ?? [],
  };
}

const fileOf = (id: string) => id.split("?")[0];

/**
 * The group of the frame's modules that exactly these routes outside the panel load too: each of those
 * routes needs every module in it, so it downloads nothing it would not have.
 */
function sharedBy(routes: string[]): string {
  return `shared-${createHash("sha256").update(routes.toSorted().join("\n")).digest("hex").slice(0, 8)}`;
}

function reachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...graph.imports(id));
  }
  return seen;
}
