import { createHmac, hkdfSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { DecryptionError, SecretBox, secretBox } from "./encryption.ts";

describe("SecretBox", () => {
  const box = new SecretBox("an app key", "tokens");

  it("seals a value into something else, which opens back to it", () => {
    const sealed = box.seal("ya29.secret-token", "row 1");
    expect(sealed).not.toContain("secret-token");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(box.open(sealed, "row 1")).toBe("ya29.secret-token");
    // A fresh nonce each time: equal tokens do not look equal at rest.
    expect(box.seal("ya29.secret-token", "row 1")).not.toBe(sealed);
  });

  it("does not open under another key, purpose or context, nor when altered", () => {
    const sealed = box.seal("token", "row 1");
    expect(() => new SecretBox("another app key", "tokens").open(sealed, "row 1")).toThrow(DecryptionError);
    expect(() => new SecretBox("an app key", "other use").open(sealed, "row 1")).toThrow(DecryptionError);
    expect(() => box.open(sealed, "row 2")).toThrow(DecryptionError);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
    expect(() => box.open(flipped, "row 1")).toThrow(DecryptionError);
    expect(() => box.open("plain text", "row 1")).toThrow(DecryptionError);
  });
  it("signs with the purpose's key: HMAC-SHA256, base64url, as the XSRF tokens have always been signed", () => {
    const key = hkdfSync("sha256", Buffer.from("an app key"), Buffer.from("launchpad"), Buffer.from("tokens"), 32);
    expect(box.mac("session:abc")).toBe(createHmac("sha256", Buffer.from(key)).update("session:abc").digest("base64url"));
    expect(new SecretBox("an app key", "other use").mac("session:abc")).not.toBe(box.mac("session:abc"));
  });
});

describe("the app key behind it", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(async () => t?.close());

  it("is APP_KEY when set, otherwise the key generated once and kept in app_settings", async () => {
    const stored = await secretBox(t.database.db, "tokens");
    const [row] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, "app_key"));
    expect(row.value.length).toBeGreaterThanOrEqual(32);
    const sealed = stored.seal("token");
    expect(new SecretBox(row.value, "tokens").open(sealed)).toBe("token");

    const fromEnv = await secretBox(t.database.db, "tokens", "0123456789abcdef0123456789abcdef");
    expect(() => fromEnv.open(sealed)).toThrow(DecryptionError);
    expect(new SecretBox("0123456789abcdef0123456789abcdef", "tokens").open(fromEnv.seal("x"))).toBe("x");
  });
});
