import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a directory another live process holds, naming that process", async () => {
    const dir = newDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(join(dir, LOCK_FILE), String(other.pid));
      const attempt = () => lockDataDir(dir);
      expect(attempt).toThrow(DataDirInUse);
      expect(attempt).toThrow(`in use by another Launchpad process (pid ${other.pid})`);
      // The other's claim stays.
      expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a claim left by a process that is gone (kill -9, power cut)", () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE), String(deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
  });

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
