/**
 * docs/architecture.md is where a newcomer learns which helper to reuse and which file to open: every path
 * and every code name it writes in backquotes must still exist, or the walkthroughs send them nowhere.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const DOC = "docs/architecture.md";
const THIS_FILE = "scripts/architecture-doc.test.ts";

const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const topLevel = new Set(tracked.map((file) => file.split("/")[0]));
/** Every folder that holds a tracked file, with its trailing slash, as the doc writes folders. */
const folders = new Set(
  tracked.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
  ),
);
const entries = [...tracked, ...folders];

/** The extensions of the files the doc names; a dotted name with another ending (`Object.keys`, `.gz`) is not a file. */
const FILE_NAME = /\.(ts|tsx|mts|mjs|js|json|md|sql|css)$/;
/** Source the names are looked up in: code, settings and SQL, never a document (which could only echo this one). */
const SOURCE = /\.(ts|tsx|mts|mjs|js|json|sql|css)$/;

/**
 * Names in the doc that no source file spells, each for a reason: they belong to something outside the
 * code, which the doc names so a reader recognises it.
 */
const OUTSIDE_NAMES = new Set([
  "ILIKE", // PostgreSQL's operator; the code writes it with Drizzle's `ilike`
]);

/** The doc's code spans, fenced blocks left out (the diagram), a span broken over lines joined again. */
export function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
  return [...prose.matchAll(/`([^`]+)`/g)].map((match) => match[1].replace(/\s+/g, " ").trim());
}

/**
 * A span that names a file or folder of the repository: no spaces, and either a path from one of its
 * top-level entries, a file name (`calendar.ts`), or a folder (`db/embedded/`). URL paths and absolute
 * paths (`/api/user`, `/usr/bin/chromium`), aliases (`#api/…`), packages and schemes are not.
 */
export function isRepoPath(span: string): boolean {
  if (/\s/.test(span) || !/^[\w.*<]/.test(span) || span.includes("://") || span.startsWith("./")) return false;
  return topLevel.has(span.split("/")[0]) || FILE_NAME.test(span) || (span.endsWith("/") && span.length > 1);
}

/** A path as a pattern: `<feature>` and `NNNN` stand for a name, `*` for part of one, `**` for folders. */
function pathPattern(span: string): RegExp {
  const pattern = span
    .split(/(\*\*\/|\*|<[^>]+>|NNNN)/)
    .map((part) =>
      part === "**/"
        ? "(?:[^/]+/)*"
        : part === "*" || part.startsWith("<")
          ? "[^/]+"
          : part === "NNNN"
            ? "\\d{4}"
            : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  // From the root when it starts at a top-level entry; otherwise the tail of a path (`templates/test-message.tsx`).
  return new RegExp(topLevel.has(span.split("/")[0]) ? `^${pattern}$` : `(^|/)${pattern}$`);
}

export const pathExists = (span: string) => {
  const pattern = pathPattern(span);
  return entries.some((entry) => pattern.test(entry));
};

/** camelCase, PascalCase or UPPER_CASE (a trailing `*` for a family: `REGISTER_*`); a plain word or snake_case is not a code name. */
const CODE_NAME = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Za-z0-9]*|[A-Z][A-Z0-9]*_?[A-Z0-9_]*\*?)$/;

/**
 * The code names a span holds: `closedReason(db, form)` → closedReason; `RequestEnv.xsrfCookieName` → both.
 * Placeholders (`<token>`, `<Template …/>`) are left out, but a span that is one element (`<Link>`) names it;
 * hyphenated words are headers or file names, not code.
 */
export function codeNames(span: string): string[] {
  const element = /^<([A-Z]\w*)>$/.exec(span);
  if (element) return [element[1]];
  const words = span.replace(/<[^>]*>/g, " ").match(/[A-Za-z_$][\w$*-]*/g) ?? [];
  return words.filter((word) => !word.includes("-") && word.length > 1 && CODE_NAME.test(word));
}

function sourceWords(): Set<string> {
  const words = new Set<string>();
  for (const file of tracked) {
    if (!SOURCE.test(file) || file === THIS_FILE || file === "package-lock.json") continue;
    for (const word of readFileSync(`${root}${file}`, "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  }
  return words;
}

const spans = codeSpans(readFileSync(`${root}${DOC}`, "utf8"));

describe("the architecture doc", () => {
  it("names only paths that exist", () => {
    const named = [...new Set(spans.filter(isRepoPath))];
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((span) => !pathExists(span))).toEqual([]);
  });

  it("names only code that exists", () => {
    const words = sourceWords();
    const names = [...new Set(spans.filter((span) => !isRepoPath(span)).flatMap(codeNames))];
    expect(names.length).toBeGreaterThan(150);
    const exists = (name: string) =>
      name.endsWith("*") ? [...words].some((word) => word.startsWith(name.slice(0, -1))) : words.has(name) || OUTSIDE_NAMES.has(name);
    expect(names.filter((name) => !exists(name))).toEqual([]);
  });

  it("tells paths and names apart by their shape", () => {
    expect(
      ["api/lib/body.ts", "calendar.ts", "db/embedded/", "api/db/migrations/NNNN_<name>.sql", "server/*.test.ts"].every(isRepoPath),
    ).toBe(true);
    expect(
      ["/api/user", "multipart/form-data", "LISTEN/NOTIFY", "Object.keys", ".gz", "#api/…", "smtps://", "./data"].some(isRepoPath),
    ).toBe(false);
    expect(pathExists("app/routes/**/*.test.tsx")).toBe(true);
    expect(pathExists("api/testing/nowhere.ts")).toBe(false);
    expect(codeNames("mailDates(await readerDates(db, userId))")).toEqual(["mailDates", "readerDates", "userId"]);
    expect(codeNames("renderMail(<Template …/>)")).toEqual(["renderMail"]);
    expect(codeNames("X-XSRF-TOKEN")).toEqual([]);
    expect(codeNames("<Link>")).toEqual(["Link"]);
  });
});
