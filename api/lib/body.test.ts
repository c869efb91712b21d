/**
 * The one body reader, through real routes: what it cannot read is refused, never read as empty.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registered, superAdmin } from "../testing/fixtures.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";
import { NOT_AN_OBJECT, UNSUPPORTED_MEDIA_TYPE, jsonList } from "./body.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => t.close());

const roleNames = async (t: TestApi, client: Awaited<ReturnType<typeof superAdmin>>["client"], email: string) =>
  (await client.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`)).body.data[0].roles.map((r: { name: string }) => r.name);

describe("a body that is not what the route reads leaves everything as it was", () => {
  it("PUT users/{id}/roles: another content type → 415, JSON that is not an object or lacks roles → 422; the roles stay", async () => {
    const root = await superAdmin(t);
    const target = await registered(t, "Keeps Roles");
    const adminRole = (await root.client.get("/api/v1/admin/roles?search=admin")).body.data.find(
      (r: { name: string }) => r.name === "admin",
    );
    expect((await root.client.put(`/api/v1/admin/users/${target.id}/roles`, { roles: [adminRole.id] })).status).toBe(200);
    const path = `/api/v1/admin/users/${target.id}/roles`;
    const send = (body: string, type?: string) => root.client.request("PUT", path, undefined, type ? { "content-type": type } : {}, body);

    for (const [body, type] of [
      ["roles=", "text/plain"],
      ["<roles/>", "application/xml"],
      ["<roles/>", "text/xml"],
      ['{"roles":[]}', undefined],
    ] as const) {
      const res = await send(body, type);
      expect(res.status, `${type}`).toBe(415);
      expect(res.body).toEqual({ message: UNSUPPORTED_MEDIA_TYPE });
    }
    for (const body of ["null", "[]", '[{"roles":[]}]', "42", '"roles"']) {
      const res = await send(body, "application/json");
      expect(res.status, body).toBe(422);
      expect(res.body.errors).toEqual({ body: [NOT_AN_OBJECT] });
    }
    const missing = await send("{}", "application/json");
    expect(missing.status).toBe(422);
    expect(missing.body.errors.roles).toBeDefined();
    const junkIds = await send('{"roles":[2147483648]}', "application/json");
    expect(junkIds.status).toBe(422);
    expect(await roleNames(t, root.client, target.email)).toEqual(["admin"]);
  });

  it("malformed JSON is a 400 and malformed multipart a 400, on the anonymous routes too", async () => {
    const client = await t.client().prime();
    for (const path of ["/api/register", "/api/login", "/sanctum/token"]) {
      const json = await client.request("POST", path, undefined, { "content-type": "application/json" }, '{"email":');
      expect(json.status, path).toBe(400);
      expect(json.body).toEqual({ message: "The request body is not valid JSON." });
      for (const [type, body] of [
        ["multipart/form-data", "--x\r\n\r\n"],
        ["multipart/form-data; boundary=b", '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nhal'],
        ["multipart/form-data; boundary=b", "--b\r\nContent-Dispositio\u0000n form-data name\r\n\r\nvalue\r\n--b--\r\n"],
      ]) {
        const res = await client.request("POST", path, undefined, { "content-type": type }, body);
        expect(res.status, `${path} ${type}`).toBe(400);
        expect(res.body).toEqual({ message: "The request body is not valid form data." });
      }
    }
  });
});

describe("text PostgreSQL cannot store", () => {
  it("NUL or a lone surrogate anywhere in a body is a 422 on that field, and nothing is stored", async () => {
    const user = await registered(t, "Plain Name");
    for (const name of ["a\u0000b", "\ud800", "x\udc00"]) {
      const res = await user.client.put("/api/user", { name, email: user.email });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toEqual(["The text contains characters that are not allowed."]);
    }
    const nested = await user.client.put("/api/user", { name: "Ok", email: user.email, extra: { list: ["fine", "bad\u0000"] } });
    expect(nested.body.errors).toEqual({ "extra.list.1": ["The text contains characters that are not allowed."] });
    expect((await user.client.get("/api/user")).body.name).toBe("Plain Name");
  });

  it("inside JSON text of a multipart field (skills, links), the shared schema refuses it", async () => {
    const user = await registered(t);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Ada",
      headline: "Engineer",
      skills: "Type\u0000Script",
      country: "KE",
      cityName: "Nairobi",
      bio: "Hi",
      links: '["https://example.com/\\u0000"]',
    }))
      form.set(k, v);
    const res = await user.client.post("/api/v1/admin/profiles/setup", form);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["skills"]));
  });

  it("a NUL in a search or filter matches nothing instead of failing the list", async () => {
    const root = await superAdmin(t);
    for (const path of [
      "/api/v1/admin/users?search=%00",
      "/api/v1/admin/roles?search=a%00",
      "/api/v1/site/events?search=%00&category=%00&nature=%00",
      "/api/v1/admin/collections?search=%00",
    ]) {
      const res = await root.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toEqual([]);
    }
  });
});

describe("ids", () => {
  it("past int4 in a path is a 404 with the resource's message; in a body a 422 on the field", async () => {
    const root = await superAdmin(t);
    for (const path of [
      "/api/v1/admin/roles/2147483648",
      "/api/v1/admin/collections/2147483648",
      "/api/v1/admin/event_forms/99999999999999999999",
      "/api/v1/site/event_forms/2147483648",
      "/api/v1/admin/event_applications/2147483648",
    ]) {
      const res = await root.client.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await root.client.get("/api/v1/admin/collections/2147483648")).body).toEqual({ message: "Collection Not Found" });
    const form = await root.client.post("/api/v1/admin/event_forms", { collection_id: 2147483648, title: "x" });
    expect(form.status).toBe(422);
    expect(form.body.errors.collection_id).toEqual(["The selected collection is invalid."]);
    const missing = await root.client.post("/api/v1/admin/event_forms", { title: "x" });
    expect(missing.body.errors.collection_id).toEqual(["The collection field is required."]);
  });
});

describe("url-encoded bodies", () => {
  it("are read strictly: invalid UTF-8 or a broken escape is a 400, a __proto__ field is just a field", async () => {
    const user = await registered(t, "Form Reader");
    const send = (body: string) =>
      user.client.request("PUT", "/api/user", undefined, { "content-type": "application/x-www-form-urlencoded" }, body);
    for (const body of [`name=%ED%A0%80&email=${encodeURIComponent(user.email)}`, "name=50%&email=x", "name=%zz"]) {
      const res = await send(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ message: "The request body is not valid form data." });
    }
    const ok = await send(`__proto__=x&name=Plus+Sign%21&email=${encodeURIComponent(user.email)}`);
    expect(ok.status).toBe(200);
    expect((await user.client.get("/api/user")).body.name).toBe("Plus Sign!");
  });
});

describe("deeply nested JSON", () => {
  it("is a 422, not a stack overflow, on the anonymous token route too", async () => {
    const client = await t.client().prime();
    const deep = '{"a":'.repeat(200_000) + "1" + "}".repeat(200_000);
    for (const path of ["/sanctum/token", "/api/register"]) {
      const res = await client.request("POST", path, undefined, { "content-type": "application/json" }, deep);
      expect(res.status, path).toBe(422);
      expect(res.body.errors).toEqual({ body: ["The request body must not be nested more than 32 levels deep."] });
    }
  });
});

describe("jsonList, the one reading of a list that may come as text", () => {
  it("reads JSON text of a list as the list, blank or missing as none, and passes any other value on unchanged", () => {
    expect(jsonList('["robotics","typescript"]')).toEqual(["robotics", "typescript"]);
    expect(jsonList(["a"])).toEqual(["a"]);
    expect(jsonList("")).toEqual([]);
    expect(jsonList(undefined)).toEqual([]);
    // Comma text (skills) and JSON that is not a list reach the field's schema as they were sent.
    expect(jsonList("robotics, typescript")).toBe("robotics, typescript");
    expect(jsonList("42")).toBe("42");
    expect(jsonList('{"a":1}')).toBe('{"a":1}');
    expect(jsonList('["unterminated"')).toBe('["unterminated"');
  });
});
