import { eq, sql } from "drizzle-orm";
import { roles, userRoles, users } from "../db/schema.ts";
import type { TestApi, TestClient } from "./harness.ts";

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

export const PASSWORD = "correct horse battery";

/** Registers a new user and leaves the client logged in as them. */
/** A test that makes some fifty accounts (each password hashed) before its parallel part: more than the default time on a busy machine. */
export const MANY_ACCOUNTS_TIMEOUT_MS = 90_000;

export async function registered(t: TestApi, name = "Test User") {
  const client = t.client();
  const email = uniqueEmail();
  const res = await client.post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, id: res.body.user.id as number };
}

export async function setUpStartupProfile(client: TestClient, username = `acme-${++counter}-${Date.now().toString(36)}`) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    account_type: "startup",
    name: "Acme",
    username,
    country: "NG",
    cityName: "Lagos",
    description: "Robots",
    industry: "Hardware",
    stage: "Seed",
    links: JSON.stringify(["https://acme.example.com"]),
  }))
    form.set(k, v);
  const res = await client.post("/api/v1/admin/startups/setup", form);
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.startup;
}

/** A logged-in account with a finished co-founder setup: no event, coupon or billing permissions. */
export async function coFounder(t: TestApi) {
  const account = await registered(t, "Co Founder");
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: "Ada",
    headline: "Engineer",
    skills: "TypeScript",
    country: "KE",
    cityName: "Nairobi",
    bio: "Shipping things.",
    links: "[]",
  }))
    form.set(k, v);
  const res = await account.client.post("/api/v1/admin/profiles/setup", form);
  if (res.status !== 201) throw new Error(`co-founder setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/** Gives the user a role directly in the database (tests only). */
export async function grantRole(t: TestApi, userId: number, roleName: string) {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  await t.database.db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}

export async function userRow(t: TestApi, id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A logged-in super admin with a finished setup. */
export async function superAdmin(t: TestApi) {
  const account = await registered(t, "Root");
  await setUpStartupProfile(account.client);
  await grantRole(t, account.id, "super admin");
  return account;
}

/** Registers a user with a chosen name and email; the returned client is logged in as them. */
export async function registeredAs(t: TestApi, name: string, email: string) {
  const client = t.client();
  const res = await client.post("/api/register", { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email, id: res.body.user.id as number };
}

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const TINY_PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);

/** An upload holding the tiny PNG, under any name and declared type. */
export const pngFile = (name = "image.png", type = "image/png") => new File([TINY_PNG], name, { type });

/** A PNG-signed upload of exactly `size` bytes (for size limits). */
export function largePngFile(size: number, name = "big.png") {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG.subarray(0, 8));
  return new File([bytes], name, { type: "image/png" });
}

/** A GET whose answer is read as bytes rather than JSON, e.g. an uploaded file. */
export async function fetchBytes(t: TestApi, path: string) {
  const response = await t.api.fetch(new Request(`http://localhost${path}`), { clientIp: "203.0.113.7" });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Makes an account `days` older than it is, as if it had been made before (a returning member). */
export async function ageAccount(t: TestApi, userId: number, days: number): Promise<void> {
  await t.database.db
    .update(users)
    .set({ createdAt: sql`${users.createdAt} - make_interval(days => ${days})` })
    .where(eq(users.id, userId));
}
