/** Two-factor sign-in on the caller's account: its state, its setup, turning it off and new recovery codes. */
import { apiPart, apiRoute } from "./route.ts";
import { messageAnswer } from "./answers.ts";
import {
  recoveryCodesAnswer,
  secondFactorSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupStarted,
  twoFactorStatusView,
} from "../two-factor.ts";

export const twoFactorRoutes = apiPart("Two-factor sign-in", {
  twoFactorStatus: apiRoute({
    method: "GET",
    path: "/api/user/two-factor",
    summary: "Whether two-factor sign-in is on, whether the role requires it, and the QR code of a setup waiting for its first code",
    access: "user",
    answer: twoFactorStatusView,
  }),
  startTwoFactor: apiRoute({
    method: "POST",
    path: "/api/user/two-factor",
    summary: "Start a setup: a new secret and its QR code, waiting for a first code (a setup started again replaces it)",
    access: "user",
    answer: twoFactorSetupStarted,
    status: 201,
    refusals: [409],
  }),
  confirmTwoFactor: apiRoute({
    method: "POST",
    path: "/api/user/two-factor/confirm",
    summary: "Turn two-factor sign-in on with the password and a first code; answers the recovery codes, this once",
    access: "user",
    body: twoFactorConfirmSchema,
    answer: recoveryCodesAnswer,
    refusals: [409, 429],
  }),
  disableTwoFactor: apiRoute({
    method: "DELETE",
    path: "/api/user/two-factor",
    summary: "Turn two-factor sign-in off with the password and a code or recovery code (not for a role that requires it)",
    access: "user",
    body: twoFactorDisableSchema,
    answer: messageAnswer,
    refusals: [409, 429],
  }),
  renewRecoveryCodes: apiRoute({
    method: "POST",
    path: "/api/user/two-factor/recovery-codes",
    summary: "New recovery codes for a code or an old recovery code; the old ones stop working",
    access: "user",
    body: secondFactorSchema,
    answer: recoveryCodesAnswer,
    refusals: [409, 429],
  }),
});
