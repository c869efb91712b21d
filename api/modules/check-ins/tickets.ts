import { randomInt } from "node:crypto";
import type { Db } from "#api/db/client.ts";
import type { ApplicationStatus } from "#api/db/events-schema.ts";
import { NOT_HOLDING_A_PLACE } from "../applications/availability.ts";
import { secretBox } from "#api/lib/encryption.ts";
import { safeEqual } from "#api/lib/tokens.ts";

/*
 * A ticket is an application's short code (typed at the door when a QR code will not scan) and, in its QR
 * code, the code signed: `<code>.<signature>`, an HMAC under a key derived from the app key kept in the
 * database (`secretBox`), so every instance reads the others' tickets and nobody can print a valid QR code
 * for a code they guessed. The signature proves the ticket is ours; the door still checks the code's
 * application (its event, whether it was cancelled, whether it is already in).
 */

const PURPOSE = "event tickets";

/** Applications whose ticket admits nobody: those holding no place (never sent, withdrawn, turned down, waiting). */
export const NOT_ADMITTED: readonly ApplicationStatus[] = NOT_HOLDING_A_PLACE;
export const admits = (status: ApplicationStatus) => !NOT_ADMITTED.includes(status);
/** Capitals and digits that cannot be mistaken for each other (no I, O, 0, 1) when read aloud or typed. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

/** A new ticket code: 8 characters of 32 (40 bits), so a code nobody was given is not guessed at the door. */
export function newTicketCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code as typed ("abcd-efgh", " ABCD EFGH"): capitals, letters and digits only. */
export const normaliseTicketCode = (typed: string) => typed.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** What the ticket's QR code holds. */
export async function ticketToken(db: Db, code: string): Promise<string> {
  const box = await secretBox(db, PURPOSE);
  return `${code}.${box.mac(`ticket:${code}`)}`;
}

/**
 * The code a scan or a typed entry names: a signed token's code if its signature is ours, a typed code as it
 * is; null for a token we did not sign.
 */
export async function codeOfScan(db: Db, scanned: string): Promise<string | null> {
  const text = scanned.trim();
  const dot = text.indexOf(".");
  if (dot < 0) return normaliseTicketCode(text) || null;
  const code = text.slice(0, dot);
  const box = await secretBox(db, PURPOSE);
  return safeEqual(text.slice(dot + 1), box.mac(`ticket:${code}`)) ? code : null;
}
