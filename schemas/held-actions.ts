/*
 * What an unverified member is held back from, in words both the API (its 403s) and the panel (the banner on
 * every screen) use; free of the form library, as the banner is on every screen.
 */
/**
 * Whether verifying the address matters here: "required" holds back publishing, invitations and new chats
 * until it is done; "offered" lets a link be sent and holds nothing back; "off" (no mail leaves the
 * machine, nobody could verify) shows no banner.
 */
export const EMAIL_VERIFICATION_POLICIES = ["required", "offered", "off"] as const;
export type EmailVerificationPolicy = (typeof EMAIL_VERIFICATION_POLICIES)[number];

/** What an unverified member may not do while verified addresses are required, and the 403 that says why. */
export const HELD_ACTIONS = {
  publish: "publish an event form",
  invite: "send co-founder invitations",
  chat: "start a chat",
} as const;
export type HeldAction = keyof typeof HELD_ACTIONS;
export const verifyEmailFirst = (action: HeldAction) =>
  `Verify your email address to ${HELD_ACTIONS[action]}: open the link we sent you, or send a new one from the banner at the top of the page.`;
