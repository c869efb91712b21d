/** Signing in and out: the XSRF cookie, registration, login with its second step, logout and API tokens. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { currentUserView, loginAnswer, loginSchema, registerSchema, tokenRequestSchema } from "../auth.ts";
import { secondFactorSchema } from "../two-factor.ts";

export const signInRoutes = apiPart("Signing in", {
  csrfCookie: apiRoute({
    method: "GET",
    path: "/sanctum/csrf-cookie",
    summary: "Set the XSRF cookie a browser echoes as X-XSRF-TOKEN on every write of its session",
    access: "public",
    answer: z.null(),
    status: 204,
  }),
  register: apiRoute({
    method: "POST",
    path: "/api/register",
    summary: "Open an account and sign it in (a session cookie); a link to verify the address is mailed",
    access: "public",
    body: registerSchema,
    answer: z.object({ user: currentUserView }),
    status: 201,
    refusals: [429],
  }),
  login: apiRoute({
    method: "POST",
    path: "/api/login",
    summary:
      "Sign in with email and password (a session cookie); with two-factor sign-in on, the sign-in waits for its code (`two_factor: true`)",
    access: "public",
    body: loginSchema,
    answer: loginAnswer,
    refusals: [429],
  }),
  logout: apiRoute({
    method: "POST",
    path: "/api/logout",
    summary: "End the caller's session, if any, and drop its cookie",
    access: "public",
    answer: z.null(),
    status: 204,
  }),
  createToken: apiRoute({
    method: "POST",
    path: "/sanctum/token",
    summary:
      "A personal access token for a client that is not a browser (a Bearer token); an account with two-factor sign-in sends its code too",
    access: "public",
    body: tokenRequestSchema,
    answer: z.object({ token: z.string() }),
    status: 201,
    refusals: [429],
  }),
  twoFactorChallengeWaits: apiRoute({
    method: "GET",
    path: "/api/two-factor-challenge",
    summary: "Whether a sign-in waits for its second factor in this browser (400 when none does)",
    access: "public",
    answer: z.null(),
    status: 204,
    refusals: [400],
  }),
  twoFactorChallenge: apiRoute({
    method: "POST",
    path: "/api/two-factor-challenge",
    summary: "Finish a sign-in with the code from the authenticator app, or a recovery code (400 when no sign-in waits)",
    access: "public",
    body: secondFactorSchema,
    answer: z.object({ user: currentUserView }),
    refusals: [429],
  }),
});
