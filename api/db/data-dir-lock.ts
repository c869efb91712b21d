import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The file in an embedded data directory that names the process using it. */
export const LOCK_FILE = "launchpad.pid";

/** Thrown when another process has the data directory: opening it too would corrupt it. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Launchpad process (${owner}). ` +
        "Stop that process first, or give this one its own DATA_DIR (or a PostgreSQL server with DATABASE_URL).",
    );
    this.name = "DataDirInUse";
  }
}

/** "pid N", or "pid N on host H" when the claim comes from another machine or container. */
const describeOwner = (claim: Claim) => (claim.host === hostname() ? `pid ${claim.pid}` : `pid ${claim.pid} on host ${claim.host}`);

interface Claim {
  pid: number;
  host: string;
}

/** The claim in the file, null when there is none (released meanwhile), or "unreadable" for anything else. */
function readClaim(file: string): Claim | null | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const match = /^(\d+)@(.+)$/.exec(text.trim());
  return match ? { pid: Number(match[1]), host: match[2] } : "unreadable";
}

/** Whether a claim may be someone's live one. Another host's process cannot be checked from here: it is. */
function live(claim: Claim): boolean {
  if (claim.host !== hostname()) return true;
  if (claim.pid === process.pid) return false; // ours from an earlier life (held below covers this one)
  try {
    process.kill(claim.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates the file with its whole content at once (a hard link of a finished temporary file), or false if it exists. */
function create(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** A takeover guard older than this was left by a process that died while taking over. */
const GUARD_STALE_MS = 10_000;

/**
 * Removes a stale claim, under a guard directory (mkdir is atomic) so that of two processes taking over at
 * once only one removes it: the other finds the winner's fresh claim when it tries again.
 */
function removeStale(file: string, stale: Claim | "unreadable") {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { recursive: true, force: true });
    else pause(50);
    return;
  }
  try {
    const now = readClaim(file);
    const same =
      now === "unreadable"
        ? stale === "unreadable"
        : now !== null && stale !== "unreadable" && now.pid === stale.pid && now.host === stale.host;
    if (same) unlinkSync(file);
  } finally {
    rmdirSync(guard);
  }
}

/** Directories this process has claimed: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * PGlite is one PostgreSQL with no postmaster: two processes on one data directory each believe they
 * own it and overwrite each other's pages (seen: a server started while the previous one was still
 * stopping left a directory PGlite could no longer open). So the directory is claimed first with a file
 * naming the owner (pid@host), created whole and exclusively; a claim whose process is gone (kill -9,
 * power cut) is taken over. Answers the release function. See docs/decisions/015.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  if (held.has(dir)) throw new DataDirInUse(dir, `pid ${process.pid}, this one`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid}@${hostname()}`;
  for (let attempt = 0; ; attempt++) {
    if (create(file, mine)) break;
    const claim = readClaim(file);
    if (claim === null) continue; // released between the two steps: try again
    if (claim !== "unreadable" && live(claim)) throw new DataDirInUse(dir, describeOwner(claim));
    if (attempt >= 20) throw new DataDirInUse(dir, "a claim that could not be taken over");
    removeStale(file, claim);
  }
  held.add(dir);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(dir);
    const claim = readClaim(file);
    if (claim !== null && claim !== "unreadable" && claim.pid === process.pid && claim.host === hostname()) unlinkSync(file);
  };
}

/** For a command's top level (the server, db:seed): DataDirInUse said as one plain line, exit 1; anything else rethrown. */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUse)) throw error;
  // A matter of configuration, not a bug: no stack.
  console.error(`[launchpad] ${error.message}`);
  process.exit(1);
}
