import { z } from "zod";

/**
 * In the browser, zod validates without compiling code. Its compiled fast path first probes whether
 * `new Function` is allowed; the panel's Content-Security-Policy forbids it (no 'unsafe-eval'), so every page
 * would log a policy violation for nothing. The server keeps the fast path: it has no such policy.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
