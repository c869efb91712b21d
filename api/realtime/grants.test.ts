import { describe, expect, it } from "vitest";
import { GRANT_TTL_MS, encodeGrant, parseGrant, signGrantedChannel, verifySubscriptionAuth, type Grant } from "./grants.ts";
import { signChannel } from "./signing.ts";

const app = { key: "grant-key", secret: "grant-secret" };
const SOCKET = "123.456";
const now = 1_800_000_000_000;
const grant: Grant = { userId: 7, credential: `s${"a".repeat(32)}`, issuedAt: now, expiresAt: now + 3_600_000 };

describe("subscription grants", () => {
  it("round-trip through the auth value, private and presence", () => {
    expect(parseGrant(encodeGrant(grant))).toEqual(grant);
    const token = { ...grant, credential: `t${"b".repeat(32)}`, expiresAt: null };
    expect(
      verifySubscriptionAuth(
        app,
        signGrantedChannel(app, SOCKET, "private-chat.1", undefined, token),
        SOCKET,
        "private-chat.1",
        undefined,
        now,
      ),
    ).toEqual({ valid: true, grant: token });
    const data = JSON.stringify({ user_id: 7 });
    expect(
      verifySubscriptionAuth(app, signGrantedChannel(app, SOCKET, "presence-chat.1", data, grant), SOCKET, "presence-chat.1", data, now),
    ).toEqual({ valid: true, grant });
  });

  it("refuse a grant changed by the client, or used for another socket or channel", () => {
    const auth = signGrantedChannel(app, SOCKET, "private-chat.1", undefined, grant);
    const otherUser = auth.replace(/:7\./, ":8.");
    expect(otherUser).not.toBe(auth);
    for (const [value, socket, channel] of [
      [otherUser, SOCKET, "private-chat.1"],
      [`${auth.slice(0, auth.lastIndexOf(":"))}:${encodeGrant({ ...grant, expiresAt: null })}`, SOCKET, "private-chat.1"],
      [auth, "123.457", "private-chat.1"],
      [auth, SOCKET, "private-chat.2"],
      [signGrantedChannel({ ...app, secret: "other" }, SOCKET, "private-chat.1", undefined, grant), SOCKET, "private-chat.1"],
    ]) {
      expect(verifySubscriptionAuth(app, value, socket, channel, undefined, now)).toEqual({ valid: false, reason: "Invalid signature" });
    }
  });

  it("refuse a grant older than its lifetime, so one signed before a revocation cannot be kept for later", () => {
    const auth = signGrantedChannel(app, SOCKET, "private-chat.1", undefined, grant);
    expect(verifySubscriptionAuth(app, auth, SOCKET, "private-chat.1", undefined, now + GRANT_TTL_MS).valid).toBe(true);
    expect(verifySubscriptionAuth(app, auth, SOCKET, "private-chat.1", undefined, now + GRANT_TTL_MS + 1000)).toEqual({
      valid: false,
      reason: "Authorization expired",
    });
  });

  it("still accept a plain signature (made only with the app secret), tied to no login", () => {
    expect(verifySubscriptionAuth(app, signChannel(app, SOCKET, "private-chat.1"), SOCKET, "private-chat.1", undefined, now)).toEqual({
      valid: true,
      grant: null,
    });
  });
});
