/*
 * Permission names and the role above them all, without the forms that edit roles (access.ts): the panel's
 * navigation reads these on every screen, so they stay free of the form library.
 */
/** The product's nine base permission strings, plus the write permissions later features need. */
export const PERMISSIONS = [
  "co founder read",
  "co founder write",
  "coupon code read",
  "coupon code write",
  "event form read",
  "event form write",
  "event billing read",
  "event billing write",
  "event response read",
  "event response write",
  "resource center read",
  "role read",
  "role write",
  "user read",
  "user write",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The role that holds every permission, and alone sees what no permission grants: the mail outbox, whose
 * messages carry other people's password-reset and verification links.
 */
export const SUPER_ADMIN = "super admin";
