import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from "node:fs";
import path from "node:path";

/** The file in an embedded data directory that names the process using it. */
export const LOCK_FILE = "launchpad.pid";

/** Thrown when another live process has the data directory: opening it too would corrupt it. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Launchpad process (pid ${pid}). ` +
        "Stop that process first, or give this one its own DATA_DIR (or a PostgreSQL server with DATABASE_URL).",
    );
    this.name = "DataDirInUse";
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Directories this process has locked: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * PGlite is one PostgreSQL with no postmaster: two processes on one data directory each believe they
 * own it and overwrite each other's pages (seen: `npm start` again while the first was still stopping
 * left a directory PGlite could no longer open). So the directory is claimed first with a file holding
 * the owner's pid, created exclusively; a file left by a process that is gone (kill -9, power cut) is
 * taken over. Answers the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  if (held.has(dir)) throw new DataDirInUse(dir, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new DataDirInUse(dir, owner);
      // Stale: its process is gone. Removed and claimed again exclusively, so of two processes taking
      // over at once only one wins; the other sees a live owner on its second try.
      unlinkSync(file);
    }
  }
  held.add(dir);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(dir);
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

/** For a command's top level (the server, db:seed): DataDirInUse said as one plain line, exit 1; anything else rethrown. */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUse)) throw error;
  // A matter of configuration, not a bug: no stack.
  console.error(`[launchpad] ${error.message}`);
  process.exit(1);
}
