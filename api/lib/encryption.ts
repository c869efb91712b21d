import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { appKey } from "../db/settings.ts";

/**
 * Secrets kept in the database (OAuth tokens) are sealed with AES-256-GCM under a key derived from the
 * app key: APP_KEY when set, otherwise the one generated on first start and kept in app_settings (shared
 * by every instance on the database). HKDF gives this use its own key, so the cookie-signing secret is
 * never used as an encryption key directly, and any APP_KEY (hex, base64 or a passphrase) works. The
 * same key signs values that are handed out rather than kept (`mac`: the XSRF tokens).
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The stored value cannot be opened: another app key sealed it, or it was altered. */
export class DecryptionError extends Error {}

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    if (!secret) throw new Error("SecretBox needs a secret");
    this.key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("launchpad"), Buffer.from(purpose), 32));
  }

  /**
   * `context` is bound to the ciphertext (additional data): a value sealed for one row and field cannot
   * be moved to another and still open.
   */
  seal(plain: string, context = ""): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  open(sealed: string, context = ""): string {
    const [version, payload] = sealed.split(".");
    if (version !== VERSION || !payload) throw new DecryptionError("not a sealed value");
    const raw = Buffer.from(payload, "base64url");
    if (raw.length < IV_BYTES + TAG_BYTES) throw new DecryptionError("sealed value too short");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new DecryptionError("sealed value does not open with this key");
    }
  }

  /** The HMAC-SHA256 of `text` under this box's key, base64url: a signature only the server can make. */
  mac(text: string): string {
    return createHmac("sha256", this.key).update(text).digest("base64url");
  }
}

const boxes = new WeakMap<Db, Map<string, Promise<SecretBox>>>();

/** The box for one purpose, keyed by the app key (APP_KEY, or the stored one); made once per database. */
export function secretBox(db: Db, purpose: string, fromEnv?: string): Promise<SecretBox> {
  let perDb = boxes.get(db);
  if (!perDb) boxes.set(db, (perDb = new Map()));
  const key = `${purpose}\0${fromEnv ?? ""}`;
  let box = perDb.get(key);
  if (!box) {
    box = appKey(db, fromEnv).then((secret) => new SecretBox(secret, purpose));
    // A failed look-up (database down) is not remembered.
    box.catch(() => perDb.delete(key));
    perDb.set(key, box);
  }
  return box;
}
