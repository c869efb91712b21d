/**
 * In the browser, zod validates without compiling code. The panel's Content-Security-Policy allows no eval,
 * and zod's test for it (a `new Function` it catches) is still reported as a violation, on every page whose
 * forms validate. zod makes that test as each object schema is built, so this runs before any is: root.tsx
 * imports it first. The server keeps compiling them: it has no such policy, and it parses every request.
 *
 * This is `z.config({ jitless: true })` written to the object zod reads its settings from (the global it
 * shares between copies of itself), so that pages without forms do not download zod to set it: importing
 * `config` would put zod's core (3.7 KB compressed) on every page. tests/e2e/security.spec.ts fails if a
 * version of zod stops reading it.
 */
if (typeof document !== "undefined") {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (shared.__zod_globalConfig ??= {}).jitless = true;
}
