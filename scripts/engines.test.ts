import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The README promises a Node.js version and package.json's `engines` says the same: every package the
 * install puts in node_modules (direct or not, the build's tools included, since `npm start` builds) must
 * accept that oldest Node, or an install on it warns and the app may break there.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));

const promisedRange: string = readJson("package.json").engines.node;
const oldestPromised = semver.minVersion(promisedRange)?.version;

/** Every installed package of the lock file (platform-specific ones for another machine are not installed). */
function installedPackages(): { where: string; name: string; version: string; node: unknown }[] {
  const lock: { packages: Record<string, unknown> } = readJson("package-lock.json");
  return Object.keys(lock.packages)
    .filter((where) => where !== "" && existsSync(path.join(ROOT, where, "package.json")))
    .map((where) => {
      const manifest = readJson(path.join(where, "package.json"));
      return { where, name: manifest.name, version: manifest.version, node: manifest.engines?.node };
    });
}

describe("the Node.js version the app promises", () => {
  it("is the same in the README and in package.json's engines", () => {
    expect(oldestPromised).toBeDefined();
    const [major, minor] = oldestPromised!.split(".");
    expect(readFileSync(path.join(ROOT, "README.md"), "utf8")).toContain(`Node.js ${major}.${minor} or newer`);
    expect(promisedRange).toBe(`>=${major}.${minor}`);
  });

  it("is accepted by every installed package that names the Node versions it runs on", () => {
    const packages = installedPackages();
    expect(packages.length).toBeGreaterThan(100);
    const refusing = packages
      .filter((pkg) => typeof pkg.node === "string" && semver.validRange(pkg.node) !== null)
      .filter((pkg) => !semver.satisfies(oldestPromised!, pkg.node as string) || !semver.satisfies(process.version, pkg.node as string))
      .map((pkg) => `${pkg.name}@${pkg.version} (${pkg.where}) wants node ${pkg.node}`);
    expect(refusing).toEqual([]);
  });
});
