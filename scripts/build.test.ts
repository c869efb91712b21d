import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, INPUTS_RECORD, build } from "./build.ts";

describe("npm start builds only when what the build reads changed", () => {
  let root: string;
  let builds: number;
  let buildSucceeds: boolean;
  let lines: string[];

  /** A build like the real one: writes the server's bundle and the browser's files, or fails. */
  const start = (ifChanged = true) =>
    build({
      root,
      ifChanged,
      env: { NODE_ENV: "production" },
      log: (line) => lines.push(line),
      runBuild: async () => {
        builds++;
        await mkdir(path.join(root, "build", "server"), { recursive: true });
        await mkdir(path.join(root, "build", "client"), { recursive: true });
        await writeFile(path.join(root, "build", "server", "index.js"), "export {};");
        return buildSucceeds;
      },
    });

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "launchpad-build-"));
    await mkdir(path.join(root, "app", "routes"), { recursive: true });
    await writeFile(path.join(root, "app", "routes", "home.tsx"), "export default function Home() { return null; }");
    await writeFile(path.join(root, "package.json"), "{}");
    builds = 0;
    buildSucceeds = true;
    lines = [];
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("builds when there is no build, and says so first", async () => {
    expect(await start()).toBe("built");
    expect(builds).toBe(1);
    expect(lines[0]).toBe("Building: there is no build yet");
    expect(existsSync(path.join(root, INPUTS_RECORD))).toBe(true);
  });

  it("starts at once on the same inputs, and says so first", async () => {
    await start();
    lines = [];
    expect(await start()).toBe("up to date");
    expect(builds).toBe(1);
    expect(lines[0]).toMatch(/^Build is up to date/);
  });

  it("builds again when a source file changed, was added or was removed", async () => {
    await start();
    await writeFile(path.join(root, "app", "routes", "home.tsx"), "export default function Home() { return 1; }");
    expect(await start()).toBe("built");
    expect(lines.at(-1)).toBe("Building: the sources changed since the last build");
    await writeFile(path.join(root, "app", "routes", "about.tsx"), "");
    expect(await start()).toBe("built");
    await rm(path.join(root, "app", "routes", "about.tsx"));
    expect(await start()).toBe("built");
    await writeFile(path.join(root, "vite.config.ts"), "export default {};");
    expect(await start()).toBe("built");
    expect(builds).toBe(5);
  });

  it("records nothing when the build fails, so the next start builds again", async () => {
    await start();
    await writeFile(path.join(root, "app", "routes", "home.tsx"), "syntax error(");
    buildSucceeds = false;
    await expect(start()).rejects.toThrow("The build failed");
    expect(existsSync(path.join(root, INPUTS_RECORD))).toBe(false);
    expect(await start().catch(() => "failed")).toBe("failed");
    expect(builds).toBe(3);
  });

  it("builds again when the build's output is gone, and always when asked to (npm run build)", async () => {
    await start();
    await rm(path.join(root, "build", "server"), { recursive: true });
    expect(await start()).toBe("built");
    expect(await start(false)).toBe("built");
    expect(builds).toBe(3);
  });
});

describe("the build's inputs", () => {
  const ROOT = fileURLToPath(new URL("../", import.meta.url));
  const imports: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).imports;
  const isInput = (file: string) =>
    (BUILD_INPUTS.files as readonly string[]).includes(file) || BUILD_INPUTS.directories.some((dir) => file.startsWith(`${dir}/`));

  /** A project file an import names, relative to the root, or null for a package's. */
  function projectFile(from: string, specifier: string): string | null {
    const bare = specifier.split("?")[0];
    let target: string | null = null;
    if (bare.startsWith(".")) target = path.join(path.dirname(from), bare);
    else if (bare.startsWith("~/")) target = path.join("app", bare.slice(2));
    else if (bare.startsWith("#")) {
      const [alias, mapped] = Object.entries(imports).find(([key]) => bare.startsWith(key.replace("*", ""))) ?? [];
      if (!alias || !mapped) throw new Error(`${from}: ${specifier} is no alias of package.json`);
      target = path.join(mapped.replace("*", bare.slice(alias.length - 1)));
    }
    return target === null ? null : target.split(path.sep).join("/");
  }

  it("include every project file that the build's sources and configs import", async () => {
    const sources = [
      ...BUILD_INPUTS.files.filter((file) => /\.(?:ts|tsx)$/.test(file) && existsSync(path.join(ROOT, file))),
      ...(await Promise.all(BUILD_INPUTS.directories.map((dir) => readdir(path.join(ROOT, dir), { recursive: true }).catch(() => []))))
        .flatMap((names, i) => names.map((name) => path.join(BUILD_INPUTS.directories[i], name)))
        .filter((file) => /\.(?:ts|tsx|css)$/.test(file))
        // Tests and their harness are no module of the build (Tailwind reads them as text only, hashed with app/).
        .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(`app${path.sep}testing${path.sep}`)),
    ];
    expect(sources).toContain("vite.config.ts");
    const outside: string[] = [];
    for (const source of sources) {
      const text = await readFile(path.join(ROOT, source), "utf8");
      for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport|@import|@source|@plugin)\s*\(?\s*["']([^"']+)["']/g)) {
        const file = projectFile(source, specifier);
        if (file !== null && !file.startsWith("node_modules/") && !isInput(file)) outside.push(`${source} imports ${file}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
