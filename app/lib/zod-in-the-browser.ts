import { config } from "zod";

/**
 * In the browser, zod validates without compiling code. The panel's Content-Security-Policy allows no eval,
 * and zod's test for it (a `new Function` it catches) is still reported as a violation, on every page whose
 * forms validate. zod makes that test as each object schema is built, so this runs before any is: root.tsx
 * imports it first. The server keeps compiling them: it has no such policy, and it parses every request.
 */
if (typeof document !== "undefined") config({ jitless: true });
