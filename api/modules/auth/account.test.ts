import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { files } from "#api/db/schema.ts";
import { emailChangePending } from "#schemas/account-links.ts";
import { createTestApi, type TestApi } from "#api/testing/harness.ts";
import { mailedToken } from "#api/testing/mail-fixtures.ts";
import { PASSWORD, TINY_PNG, fetchBytes, largePngFile, pngFile, registered, uniqueEmail, userRow } from "#api/testing/fixtures.ts";
import type { userResource } from "./users.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof userResource>>;
type AccountAnswer = { message: string; user: User };

const NEW_PASSWORD = "a whole new passphrase";

let ipCounter = 0;
/** A fresh client on its own address, so login throttling of one test never touches another. */
const freshClient = () => t.client(`198.51.100.${++ipCounter}`);

function multipart(fields: Record<string, string | File>) {
  const body = new FormData();
  body.set("_method", "PUT");
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

describe("PUT /api/user", () => {
  it("changes the name without asking for the password", async () => {
    const { client, email, id } = await registered(t, "Old Name");
    const res = await client.put<AccountAnswer>("/api/user", { name: "  New Name ", email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your account has been updated.");
    expect(res.body.user).toMatchObject({ id, name: "New Name", email, avatar_url: null });
    const me = await client.get<User>("/api/user");
    expect(me.body).toMatchObject({ id, name: "New Name", email });
  });

  it("treats the same email in another case as unchanged", async () => {
    const { client, email } = await registered(t);
    const res = await client.put<AccountAnswer>("/api/user", { name: "Same Mail", email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it("answers 422 field errors for a missing name or a bad email", async () => {
    const { client, email } = await registered(t, "Keeps Name");
    const res = await client.put("/api/user", { name: " ", email: "not-an-email" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field must be a valid email address."],
    });
    expect((await client.get<User>("/api/user")).body).toMatchObject({ name: "Keeps Name", email });
  });

  it("requires the right current password to change the email", async () => {
    const { client, email, id } = await registered(t);
    const next = uniqueEmail("moved");

    const missing = await client.put("/api/user", { name: "Mover", email: next });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: ["The current password is required to change your email."] });

    const blank = await client.put("/api/user", { name: "Mover", email: next, current_password: "" });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors)).toEqual(["current_password"]);

    const wrong = await client.put("/api/user", { name: "Mover", email: next, current_password: "not my password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ["The password is incorrect."] });
    expect((await userRow(t, id)).email).toBe(email);

    const right = await client.put<AccountAnswer>("/api/user", { name: "Mover", email: next.toUpperCase(), current_password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe(emailChangePending(next));
    // The name is saved at once; the address waits for the link mailed to it.
    expect(right.body.user).toMatchObject({ name: "Mover", email });
    expect((await client.get<User>("/api/user")).body.email).toBe(email);
    const confirmed = await freshClient().post("/api/email/confirm", {
      token: await mailedToken(t.database.db, next, "email_change_confirm", "/confirm-email/"),
    });
    expect(confirmed.status).toBe(200);
    expect((await client.get<User>("/api/user")).body).toMatchObject({ email: next, email_verified: true });

    // The new email logs in; the old one no longer does.
    const ip = freshClient();
    expect((await ip.post("/api/login", { email: next, password: PASSWORD })).status).toBe(200);
    const old = await freshClient().post("/api/login", { email, password: PASSWORD });
    expect(old.status).toBe(422);
    expect(old.body.errors.email).toEqual(["These credentials do not match our records."]);
  });

  it("refuses an email another account has, whatever its case", async () => {
    const other = await registered(t);
    const { client, email } = await registered(t);
    const res = await client.put("/api/user", { name: "Thief", email: other.email.toUpperCase(), current_password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ["The email has already been taken."] });
    expect((await client.get<User>("/api/user")).body.email).toBe(email);
  });

  it("answers 401 without a login", async () => {
    const res = await t.client().put("/api/user", { name: "Nobody", email: uniqueEmail() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("POST /api/user (multipart, _method=PUT)", () => {
  it("updates the name and stores an avatar served as an image", async () => {
    const { client, email, id } = await registered(t);
    const res = await client.post<AccountAnswer>("/api/user", multipart({ name: "Pictured", email, avatar: pngFile("me.png") }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your account has been updated.");
    const url = res.body.user.avatar_url!;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect(res.body.user).toMatchObject({ id, name: "Pictured", email });

    const me = await client.get<User>("/api/user");
    expect(me.body.avatar_url).toBe(url);
    expect(me.body.name).toBe("Pictured");
    const file = await fetchBytes(t, url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.bytes).toEqual(TINY_PNG);

    // A later update without a file keeps the avatar.
    const renamed = await client.put<AccountAnswer>("/api/user", { name: "Still Pictured", email });
    expect(renamed.body.user.avatar_url).toBe(url);
    expect((await client.get<User>("/api/user")).body.avatar_url).toBe(url);

    // A new avatar replaces it.
    const replaced = await client.post<AccountAnswer>(
      "/api/user",
      multipart({ name: "Still Pictured", email, avatar: pngFile("new.png") }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.user.avatar_url).not.toBe(url);
    expect((await client.get<User>("/api/user")).body.avatar_url).toBe(replaced.body.user.avatar_url);
  });

  it("changes the email in a multipart update with the current password", async () => {
    const { client } = await registered(t);
    const next = uniqueEmail("multi");
    const refused = await client.post("/api/user", multipart({ name: "Multi", email: next }));
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(["current_password"]);
    const res = await client.post<AccountAnswer>("/api/user", multipart({ name: "Multi", email: next, current_password: PASSWORD }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(emailChangePending(next));
    await client.post("/api/email/confirm", { token: await mailedToken(t.database.db, next, "email_change_confirm", "/confirm-email/") });
    expect((await client.get<User>("/api/user")).body.email).toBe(next);
  });

  it("refuses a non-image avatar and one over 2 MB, keeping the old avatar", async () => {
    const { client, email } = await registered(t);
    const first = await client.post<AccountAnswer>("/api/user", multipart({ name: "Kept", email, avatar: pngFile() }));
    const url = first.body.user.avatar_url;

    const text = await client.post(
      "/api/user",
      multipart({ name: "Kept", email, avatar: new File(["hello"], "me.png", { type: "image/png" }) }),
    );
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ avatar: ["The avatar field must be a PNG, JPEG, GIF or WebP image."] });

    const big = await client.post("/api/user", multipart({ name: "Kept", email, avatar: largePngFile(2 * 1024 * 1024 + 1) }));
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ avatar: ["The avatar field must not be greater than 2 MB."] });

    expect((await client.get<User>("/api/user")).body.avatar_url).toBe(url);
  });
});

describe("PUT /api/user/password", () => {
  it("refuses a wrong current password with 422 and keeps the old password", async () => {
    const { client, email } = await registered(t);
    const res = await client.put("/api/user/password", {
      current_password: "not my password",
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ current_password: ["The password is incorrect."] });
    expect((await freshClient().post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("answers 422 field errors for a missing, short or unconfirmed password", async () => {
    const { client } = await registered(t);
    const empty = await client.put("/api/user/password", {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      current_password: ["The current password field is required."],
      password: ["The password field is required."],
      password_confirmation: ["The password confirmation field is required."],
    });
    const short = await client.put("/api/user/password", { current_password: PASSWORD, password: "short", password_confirmation: "short" });
    expect(short.body.errors).toEqual({ password: ["The password field must be at least 8 characters."] });
    const mismatch = await client.put("/api/user/password", {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ["The password field confirmation does not match."] });
  });

  it("changes the password and logs out the user's other sessions, keeping this one", async () => {
    const { client, email, id } = await registered(t);
    const otherDevice = freshClient();
    expect((await otherDevice.post("/api/login", { email, password: PASSWORD })).status).toBe(200);
    expect((await otherDevice.get("/api/user")).status).toBe(200);
    // Someone else's session is not touched.
    const bystander = await registered(t);

    const res = await client.put("/api/user/password", {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Your password has been changed." });

    const current = await client.get<User>("/api/user");
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(id);
    const other = await otherDevice.get("/api/user");
    expect(other.status).toBe(401);
    expect(other.body).toEqual({ message: "Unauthenticated." });
    expect((await bystander.client.get("/api/user")).status).toBe(200);

    const oldLogin = await freshClient().post("/api/login", { email, password: PASSWORD });
    expect(oldLogin.status).toBe(422);
    expect(oldLogin.body.errors.email).toEqual(["These credentials do not match our records."]);
    const newLogin = await freshClient().post("/api/login", { email, password: NEW_PASSWORD });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.user.id).toBe(id);
    expect((await userRow(t, id)).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("answers 401 without a login", async () => {
    const res = await t.client().put("/api/user/password", {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});

describe("nothing left behind, nothing left open", () => {
  it("keeps no avatar file when the update is refused", async () => {
    const { client, id } = await registered(t);
    const res = await client.post(
      "/api/user",
      multipart({ name: "X", email: uniqueEmail(), current_password: "wrong one", avatar: pngFile() }),
    );
    expect(res.status).toBe(422);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, id))).toHaveLength(0);
  });

  it("a password change also revokes the user's bearer tokens", async () => {
    const { client, email } = await registered(t);
    const issued = await freshClient().request("POST", "/sanctum/token", { email, password: PASSWORD, device_name: "phone" });
    expect(issued.status).toBe(201);
    const phone = freshClient();
    phone.bearer = issued.body.token;
    expect((await phone.request("GET", "/api/user")).status).toBe(200);
    const changed = await client.put("/api/user/password", {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await phone.request("GET", "/api/user")).status).toBe(401);
  });
});
