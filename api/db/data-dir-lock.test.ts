import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirInUse, LOCK_FILE, lockDataDir } from "./data-dir-lock.ts";

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "launchpad-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended (so a lock naming it is stale). */
const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid!;

describe("the embedded data directory lock", () => {
  it("names its owner, refuses a second claim in the same process, and is gone once released", () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(`${process.pid}@${hostname()}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a directory another live process holds, naming that process", async () => {
    const dir = newDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}@${hostname()}`);
      const attempt = () => lockDataDir(dir);
      expect(attempt).toThrow(DataDirInUse);
      expect(attempt).toThrow(`in use by another Launchpad process (pid ${other.pid})`);
      // The other's claim stays.
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(`${other.pid}@${hostname()}`);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a claim left by a process that is gone (kill -9, power cut), or a file that is no claim", () => {
    for (const left of [`${deadPid()}@${hostname()}`, "", "not a claim"]) {
      const dir = newDir();
      writeFileSync(join(dir, LOCK_FILE), left);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(`${process.pid}@${hostname()}`);
      release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    }
  });

  it("refuses a claim from another host (a container on a shared volume): its process cannot be checked from here", () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}@another-container`);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Launchpad process (pid ${process.pid} on host another-container)`);
  });

  it("of several processes taking over one stale claim at once, exactly one gets it", async () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}@${hostname()}`);
    const script = `
      import { lockDataDir } from ${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).pathname)};
      try { lockDataDir(process.argv[1]); console.log("won"); setTimeout(() => {}, 120000); }
      catch (error) { console.log(error.name); }`;
    // The winner holds on until the test ends: on a loaded machine a racer may start seconds after the
    // others, and a winner gone by then has left a stale claim that racer rightly takes over.
    const racers = Array.from({ length: 6 }, () => spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, dir]));
    const answers = await Promise.all(
      racers.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = "";
            child.stdout.on("data", (chunk) => (out += chunk));
            child.stdout.once("data", () => resolve(out.trim()));
            child.once("exit", () => resolve(out.trim()));
          }),
      ),
    );
    for (const child of racers) child.kill("SIGKILL");
    expect(answers.filter((a) => a === "won")).toHaveLength(1);
    expect(answers.filter((a) => a === "DataDirInUse")).toHaveLength(5);
  }, 60_000);

  it("openDatabase on a directory already open is refused before PGlite touches it; closing frees it", async () => {
    const dir = newDir();
    const first = await openDatabase({ dataDir: dir, worker: false });
    await expect(openDatabase({ dataDir: dir, worker: false })).rejects.toThrow(DataDirInUse);
    await first.close();
    const again = await openDatabase({ dataDir: dir, worker: false });
    await again.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
