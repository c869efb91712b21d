import { Hono, type Context } from "hono";
import { z } from "zod";
import { emailChangePending } from "#schemas/account-links.ts";
import { accountSchema, loginSchema, passwordChangeSchema, registerSchema } from "#schemas/auth.ts";
import { imageField } from "#schemas/fields.ts";
import type { AppEnv } from "#api/context.ts";
import { readBody } from "#api/lib/body.ts";
import { clearSessionCookie, writeSessionCookie } from "#api/lib/cookies.ts";
import { fieldError } from "#api/lib/errors.ts";
import { validate } from "#api/lib/validation.ts";
import { recheckListeners } from "../broadcasting/recheck.ts";
import { sendVerificationLink } from "../account-links/verification.ts";
import { issueXsrfCookie, liveSessionId } from "#api/lib/xsrf.ts";
import { currentUser, requireUser } from "./middleware.ts";
import { changePassword, checkCredentials, registerUser, updateAccount } from "./service.ts";
import { createApiToken, createSession, destroySession, loadAuthUser } from "./sessions.ts";
import { limits } from "#api/lib/limits.ts";
import { guarded } from "#api/lib/rate-limit.ts";
import { beginLoginAttempt } from "./throttle.ts";
import { userResource } from "./users.ts";

export const authRoutes = new Hono<AppEnv>();

/** Logs the user in on this response: the old session (if any) is dropped and a new id is issued. */
export async function startSession(c: Context<AppEnv>, userId: number) {
  if (c.var.sessionHash) await endSession(c, c.var.sessionHash);
  const id = await createSession(c.var.db, userId, { ip: c.env?.clientIp, userAgent: c.req.header("user-agent") });
  writeSessionCookie(c, id);
  // The new session's XSRF token: Laravel regenerates its token with the session too.
  await issueXsrfCookie(c, id);
  return loadAuthUser(c.var.db, userId);
}

authRoutes.get("/sanctum/csrf-cookie", async (c) => {
  await issueXsrfCookie(c, liveSessionId(c));
  return c.body(null, 204);
});

/**
 * Counts only accounts really created (a refused email is given its hit back), per client address. Callers
 * without a known address are not counted: they would all share one counter.
 */
authRoutes.post("/api/register", async (c) => {
  const input = validate(registerSchema, await readBody(c));
  const ip = c.env?.clientIp;
  const register = () => registerUser(c.var.db, input);
  const userId = ip
    ? await guarded(c.var.db, limits(c.var.config).registration, ip, register, (error) => error === undefined)
    : await register();
  const user = await startSession(c, userId);
  await sendVerificationLink(c.var.db, c.var.config, user);
  return c.json({ user: userResource(user, c.var.config) }, 201);
});

/**
 * The user id for these credentials, counting failures per email and address, per address and per
 * account (429 past any limit; see `beginLoginAttempt`). The panel's login form comes through here too.
 */
async function throttledCredentialCheck(c: Context<AppEnv>, email: string, password: string): Promise<number> {
  const attempt = await beginLoginAttempt(c.var.db, c.var.config, email, c.env?.clientIp);
  const result = await checkCredentials(c.var.db, email, password);
  if (!result.ok) {
    throw fieldError(
      "email",
      result.reason === "inactive" ? "This account has been deactivated." : "These credentials do not match our records.",
    );
  }
  await attempt.succeeded();
  return result.userId;
}

authRoutes.post("/api/login", async (c) => {
  const input = validate(loginSchema, await readBody(c));
  const user = await startSession(c, await throttledCredentialCheck(c, input.email, input.password));
  return c.json({ user: userResource(user, c.var.config) });
});

/** Ends the caller's session; its realtime subscriptions end with it. */
async function endSession(c: Context<AppEnv>, sessionHash: string) {
  await destroySession(c.var.db, sessionHash);
  if (c.var.user) await recheckListeners(c, [c.var.user.id]);
}

authRoutes.post("/api/logout", async (c) => {
  if (c.var.sessionHash) await endSession(c, c.var.sessionHash);
  clearSessionCookie(c);
  await issueXsrfCookie(c, null);
  return c.body(null, 204);
});

/** Personal access tokens for non-browser clients (Sanctum's mobile flow). */
authRoutes.post("/sanctum/token", async (c) => {
  const body = await readBody(c);
  const input = validate(loginSchema.extend({ device_name: z.string().trim().min(1, "The device name field is required.") }), body);
  const userId = await throttledCredentialCheck(c, input.email, input.password);
  return c.json({ token: await createApiToken(c.var.db, userId, input.device_name) }, 201);
});

// Answered from what `authenticate` loaded for this request: no query of its own.
authRoutes.get("/api/user", requireUser, (c) => c.json(userResource(currentUser(c), c.var.config)));

const accountUpdate = async (c: Context<AppEnv>) => {
  const body = await readBody(c);
  const input = validate(accountSchema.extend({ avatar: imageField("avatar") }), body);
  const user = currentUser(c);
  const avatarFileId = await updateAccount(c.var.db, user.id, input, c.var.sessionHash, c.var.config);
  // A new email waits for the link mailed to it: until then the account keeps its address.
  const message = input.email === user.email ? "Your account has been updated." : emailChangePending(input.email);
  const fresh = { ...user, name: input.name, avatarFileId: avatarFileId ?? user.avatarFileId };
  return c.json({ message, user: userResource(fresh, c.var.config) });
};
// An update with a file (the avatar) is a multipart POST with _method=PUT to the same path; JSON clients may PUT.
authRoutes.put("/api/user", requireUser, accountUpdate);
authRoutes.post("/api/user", requireUser, accountUpdate);

authRoutes.put("/api/user/password", requireUser, async (c) => {
  const input = validate(passwordChangeSchema, await readBody(c));
  const user = currentUser(c);
  await changePassword(c.var.db, user.id, input, c.var.sessionHash, limits(c.var.config).currentPassword);
  await recheckListeners(c, [user.id]);
  return c.json({ message: "Your password has been changed." });
});
