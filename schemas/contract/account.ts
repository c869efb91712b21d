/** The caller's own account: who they are, what /account shows, its changes, and where they are. */
import { z } from "zod";
import { apiPart, apiRoute } from "./route.ts";
import { messageAnswer } from "./answers.ts";
import { accountScreenView } from "../account-links.ts";
import { accountSchema, currentOrganizationSchema, currentUserView, passwordChangeSchema } from "../auth.ts";
import { imageField } from "../fields.ts";
import { placeJson } from "../places.ts";

/** The account's name and address, and with a file the new avatar. */
const accountUpdateSchema = accountSchema.extend({ avatar: imageField("avatar") });
const accountUpdated = z.object({ message: z.string(), user: currentUserView });

export const accountRoutes = apiPart("Your account", {
  currentUser: apiRoute({
    method: "GET",
    path: "/api/user",
    summary: "Who the caller is: setup state, roles, permissions, organizations, unread counts and settings",
    access: "user",
    answer: currentUserView,
  }),
  accountScreen: apiRoute({
    method: "GET",
    path: "/api/user/account",
    summary: "Everything the account page shows in one answer: the user, two-factor sign-in and a change of address waiting",
    access: "user",
    answer: accountScreenView,
  }),
  updateAccount: apiRoute({
    method: "PUT",
    path: "/api/user",
    summary: "Change the account's name or avatar; a new address waits for the link mailed to it (needs the current password)",
    access: "user",
    body: accountUpdateSchema,
    answer: accountUpdated,
    refusals: [429],
  }),
  updateAccountForm: apiRoute({
    method: "POST",
    path: "/api/user",
    summary: "As PUT /api/user, for a form with a file: multipart with `_method=PUT`",
    access: "user",
    body: accountUpdateSchema,
    answer: accountUpdated,
    refusals: [429],
  }),
  removeAvatar: apiRoute({
    method: "DELETE",
    path: "/api/user/avatar",
    summary: "Remove the account's avatar; its file is deleted and its old address answers 404",
    access: "user",
    answer: accountUpdated,
  }),
  switchOrganization: apiRoute({
    method: "PUT",
    path: "/api/user/current-organization",
    summary: "Act for one of the caller's organizations from now on, or as oneself (null)",
    access: "user",
    body: currentOrganizationSchema,
    answer: z.object({ user: currentUserView }),
    refusals: [404],
  }),
  changePassword: apiRoute({
    method: "PUT",
    path: "/api/user/password",
    summary: "Change the password with the current one; the caller's other logins end",
    access: "user",
    body: passwordChangeSchema,
    answer: messageAnswer,
    refusals: [429],
  }),
  userLocation: apiRoute({
    method: "GET",
    path: "/api/location",
    summary: "Where the caller is: their organization's or co-founder profile's city, placed on the city list (nulls when unknown)",
    access: "user",
    answer: placeJson,
  }),
});
