import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, userRoles } from "#api/db/schema.ts";
import { PERMISSIONS } from "#schemas/access.ts";
import type { Page } from "#schemas/answers.ts";
import { createTestApi, type TestApi, type TestClient } from "#api/testing/harness.ts";
import { PASSWORD, grantRole, registered, registeredAs, setUpStartupProfile, superAdmin } from "#api/testing/fixtures.ts";
import type { RoleView, UserListItem } from "#schemas/access.ts";

let t: TestApi;
let root: Awaited<ReturnType<typeof superAdmin>>;
beforeAll(async () => {
  t = await createTestApi();
  root = await superAdmin(t);
});
afterAll(() => t.close());

let tagCounter = 0;
/** A lower-case token unique to this run, to find what one test created among everything else. */
const tag = () => `t${Date.now().toString(36)}x${++tagCounter}`;

const OWNER_PERMISSIONS = [
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
];

type RoleList = Page<RoleView>;
type UserList = Page<UserListItem>;
type RoleAnswer = { role: RoleView; message: string };

/** The id of a role, looked up through the API by its exact name. */
async function roleId(client: TestClient, name: string): Promise<number> {
  const res = await client.get<RoleList>(`/api/v1/admin/roles?per_page=100&search=${encodeURIComponent(name)}`);
  const role = res.body.data.find((r) => r.name === name);
  if (!role) throw new Error(`role ${name} not found`);
  return role.id;
}

async function createRole(client: TestClient, name: string, permissions: string[] = []) {
  const res = await client.post<RoleAnswer>("/api/v1/admin/roles", { name, permissions });
  if (res.status !== 201) throw new Error(`create role failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.role;
}

const pageOf = (link: string | null) => (link ? new URL(link, "http://localhost").searchParams.get("page") : null);

describe("authentication and authorization", () => {
  it("answers 401 Unauthenticated. to every admin call without a login", async () => {
    const guest = t.client();
    for (const path of ["/api/v1/admin/roles", "/api/v1/admin/users", "/api/v1/admin/permissions", "/api/v1/admin/roles/1"]) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
    const write = await guest.post("/api/v1/admin/roles", { name: "Nope", permissions: [] });
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ message: "Unauthenticated." });
    const status = await guest.put(`/api/v1/admin/users/${root.id}/status`, { is_active: false });
    expect(status.status).toBe(401);
  });

  it("answers 403 Access Forbidden to a logged-in startup user without the permission", async () => {
    const { client } = await registered(t, "Plain Startup");
    await setUpStartupProfile(client);
    for (const path of ["/api/v1/admin/users", "/api/v1/admin/roles", "/api/v1/admin/permissions"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: "Access Forbidden" });
    }
    const create = await client.post("/api/v1/admin/roles", { name: `Sneaky ${tag()}`, permissions: ["user write"] });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ message: "Access Forbidden" });
    const roles = await client.put(`/api/v1/admin/users/${root.id}/roles`, { roles: [] });
    expect(roles.status).toBe(403);
  });

  it("lets an admin read roles but not write them (admin lacks role write)", async () => {
    const admin = await registered(t, "Admin Person");
    await grantRole(t, admin.id, "admin");
    expect((await admin.client.get("/api/v1/admin/roles")).status).toBe(200);
    expect((await admin.client.get("/api/v1/admin/users")).status).toBe(200);
    const res = await admin.client.post("/api/v1/admin/roles", { name: `Admin made ${tag()}`, permissions: [] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Access Forbidden" });
  });
});

describe("GET /api/v1/admin/roles", () => {
  it("answers the paginated list shape with the built-in roles", async () => {
    const res = await root.client.get<RoleList>("/api/v1/admin/roles");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "links", "meta"]);
    expect(res.body.links).toEqual({
      first: "/api/v1/admin/roles?page=1",
      last: `/api/v1/admin/roles?page=${res.body.meta.last_page}`,
      prev: null,
      next: res.body.meta.last_page > 1 ? "/api/v1/admin/roles?page=2" : null,
    });
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, per_page: 15 });
    expect(res.body.meta.total).toBeGreaterThanOrEqual(5);
    expect(res.body.meta.to).toBe(res.body.data.length);
    const names = res.body.data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["super admin", "admin", "startup", "organization", "co-founder"]));
    // Sorted by name by default.
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    for (const role of res.body.data) {
      expect(role).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        is_system: expect.any(Boolean),
        permissions: expect.any(Array),
        users_count: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
  });

  it("seeds the built-in roles with their permissions; super admin holds all 15", async () => {
    const res = await root.client.get<RoleList>("/api/v1/admin/roles?per_page=100");
    const byName = new Map(res.body.data.map((r) => [r.name, r]));
    for (const name of ["super admin", "admin", "startup", "organization", "co-founder"]) {
      expect(byName.get(name)?.is_system, name).toBe(true);
    }
    expect(PERMISSIONS).toHaveLength(15);
    expect(byName.get("super admin")!.permissions).toEqual([...PERMISSIONS]);
    expect(byName.get("admin")!.permissions).toEqual(PERMISSIONS.filter((p) => p !== "role write"));
    expect(byName.get("startup")!.permissions).toEqual(OWNER_PERMISSIONS);
    expect(byName.get("organization")!.permissions).toEqual(OWNER_PERMISSIONS);
    expect(byName.get("co-founder")!.permissions).toEqual(["co founder read", "resource center read"]);
    // The root fixture holds super admin and, through its setup, startup.
    expect(byName.get("super admin")!.users_count).toBe(1);
  });

  it("searches by name, case-insensitively, treating % and _ literally", async () => {
    const k = tag();
    await createRole(root.client, `Reviewer ${k}`);
    await createRole(root.client, `Senior REVIEWER ${k}`);
    await createRole(root.client, `100% Sure ${k}`);
    await createRole(root.client, `Other ${k}`);
    const res = await root.client.get<RoleList>(`/api/v1/admin/roles?search=${encodeURIComponent(`reviewer ${k}`)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.name)).toEqual([`Reviewer ${k}`, `Senior REVIEWER ${k}`]);
    expect(res.body.meta.total).toBe(2);

    const percent = await root.client.get<RoleList>(`/api/v1/admin/roles?search=${encodeURIComponent("%")}`);
    expect(percent.body.data.map((r) => r.name)).toEqual([`100% Sure ${k}`]);
    const underscore = await root.client.get<RoleList>(`/api/v1/admin/roles?search=_`);
    expect(underscore.body.data).toEqual([]);
    expect(underscore.body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });

    const none = await root.client.get<RoleList>(`/api/v1/admin/roles?search=nothing-${k}`);
    expect(none.body.data).toEqual([]);
  });

  it("pages with per_page and page and links that keep the query", async () => {
    const k = tag();
    for (const n of ["c", "a", "b"]) await createRole(root.client, `pager ${k} ${n}`);
    const first = await root.client.get<RoleList>(`/api/v1/admin/roles?search=pager+${k}&per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((r) => r.name)).toEqual([`pager ${k} a`, `pager ${k} b`]);
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 2, to: 2, total: 3 });
    expect(first.body.links.prev).toBeNull();
    expect(pageOf(first.body.links.next)).toBe("2");
    const nextUrl = new URL(first.body.links.next!, "http://localhost");
    expect(nextUrl.pathname).toBe("/api/v1/admin/roles");
    expect(nextUrl.searchParams.get("search")).toBe(`pager ${k}`);
    expect(nextUrl.searchParams.get("per_page")).toBe("2");

    const second = await root.client.get<RoleList>(first.body.links.next!);
    expect(second.body.data.map((r) => r.name)).toEqual([`pager ${k} c`]);
    expect(second.body.meta).toEqual({ current_page: 2, from: 3, last_page: 2, per_page: 2, to: 3, total: 3 });
    expect(pageOf(second.body.links.prev)).toBe("1");
    expect(second.body.links.next).toBeNull();
    expect(pageOf(second.body.links.last)).toBe("2");

    const desc = await root.client.get<RoleList>(`/api/v1/admin/roles?search=pager+${k}&sort_by=name&sort_order=desc`);
    expect(desc.body.data.map((r) => r.name)).toEqual([`pager ${k} c`, `pager ${k} b`, `pager ${k} a`]);

    const beyond = await root.client.get<RoleList>(`/api/v1/admin/roles?search=pager+${k}&per_page=2&page=5`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ current_page: 5, from: null, to: null, total: 3, last_page: 2 });
  });

  it("caps per_page at 100", async () => {
    const k = tag();
    // Enough roles that an uncapped page would hold more than 100.
    const existing = (await root.client.get<RoleList>("/api/v1/admin/roles")).body.meta.total;
    for (let i = existing; i <= 101; i++) await createRole(root.client, `bulk ${k} ${String(i).padStart(3, "0")}`);
    const total = (await root.client.get<RoleList>("/api/v1/admin/roles")).body.meta.total;
    expect(total).toBeGreaterThan(100);

    const hundred = await root.client.get<RoleList>("/api/v1/admin/roles?per_page=100");
    expect(hundred.body.meta.per_page).toBe(100);
    expect(hundred.body.data).toHaveLength(100);

    for (const asked of ["101", "1000", "999999999"]) {
      const res = await root.client.get<RoleList>(`/api/v1/admin/roles?per_page=${asked}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.per_page, asked).toBeLessThanOrEqual(100);
      expect(res.body.data.length, asked).toBeLessThanOrEqual(100);
    }
    for (const junk of ["0", "-5", "abc"]) {
      const res = await root.client.get<RoleList>(`/api/v1/admin/roles?per_page=${junk}&page=${junk}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.per_page).toBeGreaterThanOrEqual(1);
      expect(res.body.meta.current_page).toBe(1);
    }
  });

  it("reads one role by id and answers 404 for an unknown or malformed id", async () => {
    const id = await roleId(root.client, "co-founder");
    const res = await root.client.get<{ role: RoleView }>(`/api/v1/admin/roles/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.role).toMatchObject({
      id,
      name: "co-founder",
      is_system: true,
      permissions: ["co founder read", "resource center read"],
    });
    for (const bad of ["999999", "abc", "0", "-1", "1.5"]) {
      const missing = await root.client.get(`/api/v1/admin/roles/${bad}`);
      expect(missing.status, bad).toBe(404);
      expect(missing.body.message).toEqual(expect.any(String));
    }
  });
});

describe("GET /api/v1/admin/permissions", () => {
  it("lists the 15 permissions in their defined order", async () => {
    const res = await root.client.get<{ data: { id: number; name: string }[] }>("/api/v1/admin/permissions");
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => p.name)).toEqual([...PERMISSIONS]);
    expect(res.body.data.every((p) => Number.isInteger(p.id))).toBe(true);
  });
});

describe("role write", () => {
  it("creates a role with permissions", async () => {
    const name = `Editor ${tag()}`;
    const res = await root.client.post<RoleAnswer>("/api/v1/admin/roles", { name: `  ${name}  `, permissions: ["user read", "role read"] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Role created.");
    expect(res.body.role).toEqual({
      id: expect.any(Number),
      name,
      is_system: false,
      permissions: ["role read", "user read"],
      users_count: 0,
      created_at: expect.any(String),
    });
    const read = await root.client.get<{ role: RoleView }>(`/api/v1/admin/roles/${res.body.role.id}`);
    expect(read.body.role).toEqual(res.body.role);
  });

  it("creates a role without permissions", async () => {
    const res = await root.client.post<RoleAnswer>("/api/v1/admin/roles", { name: `Empty ${tag()}` });
    expect(res.status).toBe(201);
    expect(res.body.role.permissions).toEqual([]);
  });

  it("refuses a name that is taken, whatever its case, including a built-in one", async () => {
    const name = `Moderator ${tag()}`;
    await createRole(root.client, name);
    for (const clash of [name.toUpperCase(), name.toLowerCase(), "ADMIN", "Super Admin"]) {
      const res = await root.client.post("/api/v1/admin/roles", { name: clash, permissions: [] });
      expect(res.status, clash).toBe(422);
      expect(res.body.errors).toEqual({ name: ["The name has already been taken."] });
      expect(res.body.message).toBe("The name has already been taken.");
    }
  });

  it("refuses a missing name and an unknown permission with 422 field errors", async () => {
    const missing = await root.client.post("/api/v1/admin/roles", { name: "   ", permissions: [] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ["The name field is required."] });

    const invalid = await root.client.post("/api/v1/admin/roles", { name: `Bad ${tag()}`, permissions: ["user read", "fly to the moon"] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ "permissions.1": ["The selected permission is invalid."] });

    const tooLong = await root.client.post("/api/v1/admin/roles", { name: "x".repeat(61), permissions: [] });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.name).toEqual(["The name field must not be greater than 60 characters."]);
  });

  it("renames a role and replaces its permissions", async () => {
    const role = await createRole(root.client, `Draft ${tag()}`, ["user read"]);
    const name = `Final ${tag()}`;
    const res = await root.client.put<RoleAnswer>(`/api/v1/admin/roles/${role.id}`, {
      name,
      permissions: ["coupon code read", "role read"],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Role updated.");
    expect(res.body.role).toMatchObject({ id: role.id, name, permissions: ["coupon code read", "role read"] });
    const read = await root.client.get<{ role: RoleView }>(`/api/v1/admin/roles/${role.id}`);
    expect(read.body.role.name).toBe(name);
    expect(read.body.role.permissions).toEqual(["coupon code read", "role read"]);

    // Keeping its own name (in another case) is not a clash with itself.
    const recased = await root.client.put<RoleAnswer>(`/api/v1/admin/roles/${role.id}`, { name: name.toUpperCase(), permissions: [] });
    expect(recased.status).toBe(200);
    expect(recased.body.role).toMatchObject({ name: name.toUpperCase(), permissions: [] });

    // Taking another role's name is refused.
    const other = await createRole(root.client, `Taken ${tag()}`);
    const clash = await root.client.put(`/api/v1/admin/roles/${role.id}`, { name: other.name.toLowerCase(), permissions: [] });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ["The name has already been taken."] });

    const unknown = await root.client.put("/api/v1/admin/roles/999999", { name: `Ghost ${tag()}`, permissions: [] });
    expect(unknown.status).toBe(404);
  });

  it("lets a built-in role's permissions change but not its name", async () => {
    const id = await roleId(root.client, "organization");
    const renamed = await root.client.put(`/api/v1/admin/roles/${id}`, { name: "Organisations", permissions: OWNER_PERMISSIONS });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: ["A built-in role cannot be renamed."] });

    const changed = await root.client.put<RoleAnswer>(`/api/v1/admin/roles/${id}`, {
      name: "organization",
      permissions: ["resource center read"],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toMatchObject({ name: "organization", is_system: true, permissions: ["resource center read"] });

    const restored = await root.client.put<RoleAnswer>(`/api/v1/admin/roles/${id}`, {
      name: "organization",
      permissions: OWNER_PERMISSIONS,
    });
    expect(restored.body.role.permissions).toEqual(OWNER_PERMISSIONS);
  });

  it("never changes the super admin role (403)", async () => {
    const id = await roleId(root.client, "super admin");
    for (const body of [
      { name: "super admin", permissions: ["user read"] },
      { name: "super admin", permissions: [...PERMISSIONS] },
      { name: "root", permissions: [...PERMISSIONS] },
    ]) {
      const res = await root.client.put(`/api/v1/admin/roles/${id}`, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "The super admin role always has every permission and cannot be changed." });
    }
    const read = await root.client.get<{ role: RoleView }>(`/api/v1/admin/roles/${id}`);
    expect(read.body.role.permissions).toEqual([...PERMISSIONS]);
  });

  it("never deletes a built-in role (403)", async () => {
    for (const name of ["super admin", "admin", "startup", "organization", "co-founder"]) {
      const id = await roleId(root.client, name);
      const res = await root.client.delete(`/api/v1/admin/roles/${id}`);
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ message: "A built-in role cannot be deleted." });
      expect((await root.client.get(`/api/v1/admin/roles/${id}`)).status).toBe(200);
    }
  });

  it("refuses to delete a role users hold, and deletes it once it is free", async () => {
    const role = await createRole(root.client, `Temp ${tag()}`, ["user read"]);
    const a = await registered(t, "Holder A");
    const b = await registered(t, "Holder B");
    expect((await root.client.put(`/api/v1/admin/users/${a.id}/roles`, { roles: [role.id] })).status).toBe(200);

    const one = await root.client.delete(`/api/v1/admin/roles/${role.id}`);
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual({ role: ["The role is assigned to 1 user. Remove it from them first."] });

    expect((await root.client.put(`/api/v1/admin/users/${b.id}/roles`, { roles: [role.id] })).status).toBe(200);
    const two = await root.client.delete(`/api/v1/admin/roles/${role.id}`);
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual({ role: ["The role is assigned to 2 users. Remove it from them first."] });
    expect((await root.client.get<{ role: RoleView }>(`/api/v1/admin/roles/${role.id}`)).body.role.users_count).toBe(2);

    await root.client.put(`/api/v1/admin/users/${a.id}/roles`, { roles: [] });
    await root.client.put(`/api/v1/admin/users/${b.id}/roles`, { roles: [] });
    const gone = await root.client.delete(`/api/v1/admin/roles/${role.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: "Role deleted." });
    expect((await root.client.get(`/api/v1/admin/roles/${role.id}`)).status).toBe(404);
    expect((await root.client.delete(`/api/v1/admin/roles/${role.id}`)).status).toBe(404);
  });

  it("applies a change to a role's permissions on the very next request", async () => {
    const role = await createRole(root.client, `Auditor ${tag()}`, ["user read"]);
    const auditor = await registered(t, "Auditor");
    expect((await auditor.client.get("/api/v1/admin/users")).status).toBe(403);

    expect((await root.client.put(`/api/v1/admin/users/${auditor.id}/roles`, { roles: [role.id] })).status).toBe(200);
    expect((await auditor.client.get("/api/v1/admin/users")).status).toBe(200);

    const removed = await root.client.put(`/api/v1/admin/roles/${role.id}`, { name: role.name, permissions: ["role read"] });
    expect(removed.status).toBe(200);
    const denied = await auditor.client.get("/api/v1/admin/users");
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: "Access Forbidden" });
    expect((await auditor.client.get("/api/v1/admin/roles")).status).toBe(200);
    const me = await auditor.client.get("/api/user");
    expect(me.body.permissions).toEqual(["role read"]);

    await root.client.put(`/api/v1/admin/roles/${role.id}`, { name: role.name, permissions: ["role read", "user read"] });
    expect((await auditor.client.get("/api/v1/admin/users")).status).toBe(200);

    // Losing the role itself also takes effect at once.
    await root.client.put(`/api/v1/admin/users/${auditor.id}/roles`, { roles: [] });
    expect((await auditor.client.get("/api/v1/admin/users")).status).toBe(403);
    expect((await auditor.client.get("/api/v1/admin/roles")).status).toBe(403);
  });
});

describe("GET /api/v1/admin/users", () => {
  /** Three users registered in the order B, C, A; their emails sort in yet another order. */
  async function trio() {
    const k = tag();
    const b = await registeredAs(t, `Listuser ${k} Bravo`, `zulu.${k}@example.com`);
    const c = await registeredAs(t, `Listuser ${k} Charlie`, `xray.${k}@example.com`);
    const a = await registeredAs(t, `Listuser ${k} Alpha`, `yankee.${k}@example.com`);
    return { k, a, b, c };
  }
  const names = (res: { body: UserList }) => res.body.data.map((u) => u.name.split(" ").pop());

  it("answers the list shape with each user's roles", async () => {
    const res = await root.client.get<UserList>("/api/v1/admin/users");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "links", "meta"]);
    expect(res.body.links.first).toBe("/api/v1/admin/users?page=1");
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, per_page: 15 });
    const me = res.body.data.find((u) => u.id === root.id)!;
    expect(me).toEqual({
      id: root.id,
      name: "Root",
      email: root.email,
      is_active: true,
      roles: [
        { id: expect.any(Number), name: "startup" },
        { id: expect.any(Number), name: "super admin" },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // A super admin may give or take away every role, but not deactivate themselves.
      can: { set_status: false, roles: expect.arrayContaining([me.roles[0].id, me.roles[1].id]) },
    });
    expect(me.roles[1].id).toBe(await roleId(root.client, "super admin"));
    expect(Object.keys(me)).not.toContain("password_hash");
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });

  it("searches by name and by email, case-insensitively", async () => {
    const { k, a, b, c } = await trio();
    const byName = await root.client.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(`LISTUSER ${k}`)}`);
    expect(byName.body.meta.total).toBe(3);
    expect(byName.body.data.map((u) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());

    const oneName = await root.client.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(`${k} charlie`)}`);
    expect(oneName.body.data.map((u) => u.id)).toEqual([c.id]);

    const byEmail = await root.client.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(`YANKEE.${k}@`)}`);
    expect(byEmail.body.data.map((u) => u.email)).toEqual([a.email]);
    expect(byEmail.body.meta.total).toBe(1);

    const none = await root.client.get<UserList>(`/api/v1/admin/users?search=nobody-${k}`);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
  });

  it("filters by role", async () => {
    const { k, a, c } = await trio();
    const role = await createRole(root.client, `Filter ${k}`);
    await root.client.put(`/api/v1/admin/users/${a.id}/roles`, { roles: [role.id] });
    await root.client.put(`/api/v1/admin/users/${c.id}/roles`, { roles: [role.id] });
    const res = await root.client.get<UserList>(`/api/v1/admin/users?role=${role.id}&sort_by=name`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u) => u.id)).toEqual([a.id, c.id]);
    expect(res.body.data[0].roles).toEqual([{ id: role.id, name: role.name }]);
    expect(res.body.meta.total).toBe(2);

    const superAdmins = await root.client.get<UserList>(`/api/v1/admin/users?role=${await roleId(root.client, "super admin")}`);
    expect(superAdmins.body.data.map((u) => u.id)).toEqual([root.id]);

    const combined = await root.client.get<UserList>(`/api/v1/admin/users?role=${role.id}&search=charlie`);
    expect(combined.body.data.map((u) => u.id)).toEqual([c.id]);

    const empty = await createRole(root.client, `Nobody ${k}`);
    const nobody = await root.client.get<UserList>(`/api/v1/admin/users?role=${empty.id}`);
    expect(nobody.body.data).toEqual([]);

    // A role that is not an id (past int4 included) is refused on its field, never sent to the database.
    for (const junk of ["abc", "2147483648", "-1"]) {
      const res = await root.client.get(`/api/v1/admin/users?role=${junk}&search=${k}`);
      expect(res.status, junk).toBe(422);
      expect(res.body.errors.role).toEqual(["The selected role is invalid."]);
    }
  });

  it("sorts by name, email and created_at in either order", async () => {
    const { k } = await trio();
    const list = (query: string) => root.client.get<UserList>(`/api/v1/admin/users?search=listuser+${k}&${query}`);
    expect(names(await list("sort_by=name"))).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(names(await list("sort_by=name&sort_order=desc"))).toEqual(["Charlie", "Bravo", "Alpha"]);
    // Emails: xray (Charlie) < yankee (Alpha) < zulu (Bravo).
    expect(names(await list("sort_by=email"))).toEqual(["Charlie", "Alpha", "Bravo"]);
    expect(names(await list("sort_by=email&sort_order=desc"))).toEqual(["Bravo", "Alpha", "Charlie"]);
    // Registered in the order Bravo, Charlie, Alpha.
    expect(names(await list("sort_by=created_at"))).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(names(await list("sort_by=created_at&sort_order=desc"))).toEqual(["Alpha", "Charlie", "Bravo"]);
    // The default, and any column outside the allow-list, is created_at.
    expect(names(await list(""))).toEqual(["Bravo", "Charlie", "Alpha"]);
    const unknown = await list("sort_by=password_hash&sort_order=desc");
    expect(unknown.status).toBe(200);
    expect(names(unknown)).toEqual(["Alpha", "Charlie", "Bravo"]);
  });

  it("pages", async () => {
    const { k } = await trio();
    const first = await root.client.get<UserList>(`/api/v1/admin/users?search=listuser+${k}&sort_by=name&per_page=2`);
    expect(names(first)).toEqual(["Alpha", "Bravo"]);
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 2, to: 2, total: 3 });
    expect(pageOf(first.body.links.next)).toBe("2");
    const second = await root.client.get<UserList>(first.body.links.next!);
    expect(names(second)).toEqual(["Charlie"]);
    expect(second.body.meta).toEqual({ current_page: 2, from: 3, last_page: 2, per_page: 2, to: 3, total: 3 });
    expect(second.body.links.next).toBeNull();
  });
});

describe("PUT /api/v1/admin/users/{id}/roles", () => {
  it("replaces a user's roles, and their permissions follow", async () => {
    const user = await registered(t, "Promoted");
    const adminId = await roleId(root.client, "admin");
    const coFounderId = await roleId(root.client, "co-founder");
    const res = await root.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [adminId, coFounderId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Roles updated." });
    const me = await user.client.get("/api/user");
    expect(me.body.roles).toEqual(["admin", "co-founder"]);
    expect(me.body.permissions).toEqual(PERMISSIONS.filter((p) => p !== "role write").sort());

    const list = await root.client.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(user.email)}`);
    expect(list.body.data[0].roles).toEqual([
      { id: adminId, name: "admin" },
      { id: coFounderId, name: "co-founder" },
    ]);

    // Role ids may arrive as strings (form posts).
    await root.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [String(coFounderId)] });
    expect((await user.client.get("/api/user")).body.roles).toEqual(["co-founder"]);

    await root.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [] });
    const bare = await user.client.get("/api/user");
    expect(bare.body.roles).toEqual([]);
    expect(bare.body.permissions).toEqual([]);
  });

  it("refuses an unknown role with 422 and leaves the roles as they were", async () => {
    const user = await registered(t, "Unchanged");
    const coFounderId = await roleId(root.client, "co-founder");
    await root.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [coFounderId] });
    const res = await root.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [coFounderId, 999999] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ roles: ["The selected roles are invalid."] });
    expect((await user.client.get("/api/user")).body.roles).toEqual(["co-founder"]);
  });

  it("answers 404 for an unknown user", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const res = await root.client.put(`/api/v1/admin/users/${id}/roles`, { roles: [] });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it("answers 403 to a caller with user read but without user write", async () => {
    const role = await createRole(root.client, `Reader ${tag()}`, ["user read", "role read"]);
    const reader = await registered(t, "Reader");
    const victim = await registered(t, "Victim");
    await root.client.put(`/api/v1/admin/users/${reader.id}/roles`, { roles: [role.id] });
    expect((await reader.client.get("/api/v1/admin/users")).status).toBe(200);
    const roles = await reader.client.put(`/api/v1/admin/users/${victim.id}/roles`, { roles: [role.id] });
    expect(roles.status).toBe(403);
    expect(roles.body).toEqual({ message: "Access Forbidden" });
    const status = await reader.client.put(`/api/v1/admin/users/${victim.id}/status`, { is_active: false });
    expect(status.status).toBe(403);
    // Nor may they give themselves more.
    const self = await reader.client.put(`/api/v1/admin/users/${reader.id}/roles`, { roles: [await roleId(root.client, "super admin")] });
    expect(self.status).toBe(403);
    expect((await victim.client.get("/api/user")).status).toBe(200);
  });
});

describe("PUT /api/v1/admin/users/{id}/status", () => {
  it("deactivates: the user's sessions and tokens stop working and login is refused; reactivates", async () => {
    const victim = await registered(t, "Deactivated");
    const token = await t.client().request("POST", "/sanctum/token", { email: victim.email, password: PASSWORD, device_name: "cli" });
    expect(token.status).toBe(201);
    const bearer = t.client();
    bearer.bearer = token.body.token;
    expect((await bearer.request("GET", "/api/user")).status).toBe(200);

    const off = await root.client.put(`/api/v1/admin/users/${victim.id}/status`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: "User deactivated." });

    const session = await victim.client.get("/api/user");
    expect(session.status).toBe(401);
    expect(session.body).toEqual({ message: "Unauthenticated." });
    expect((await bearer.request("GET", "/api/user")).status).toBe(401);

    const login = await t.client("198.51.100.20").post("/api/login", { email: victim.email, password: PASSWORD });
    expect(login.status).toBe(422);
    expect(login.body.errors).toEqual({ email: ["This account has been deactivated."] });
    const list = await root.client.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(victim.email)}`);
    expect(list.body.data[0].is_active).toBe(false);

    const on = await root.client.put(`/api/v1/admin/users/${victim.id}/status`, { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: "User reactivated." });
    const again = t.client("198.51.100.21");
    const relogin = await again.post("/api/login", { email: victim.email, password: PASSWORD });
    expect(relogin.status).toBe(200);
    expect((await again.get("/api/user")).body).toMatchObject({ id: victim.id, is_active: true });
    // The old session stays gone.
    expect((await victim.client.get("/api/user")).status).toBe(401);
  });

  it("accepts form-style booleans and refuses anything else with 422", async () => {
    const user = await registered(t, "Toggled");
    expect((await root.client.put(`/api/v1/admin/users/${user.id}/status`, { is_active: "0" })).body).toEqual({
      message: "User deactivated.",
    });
    expect((await root.client.put(`/api/v1/admin/users/${user.id}/status`, { is_active: "true" })).body).toEqual({
      message: "User reactivated.",
    });
    for (const body of [{}, { is_active: "maybe" }, { is_active: 2 }]) {
      const res = await root.client.put(`/api/v1/admin/users/${user.id}/status`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["is_active"]);
    }
  });

  it("answers 404 for an unknown user", async () => {
    const res = await root.client.put("/api/v1/admin/users/999999/status", { is_active: false });
    expect(res.status).toBe(404);
    expect((await root.client.put("/api/v1/admin/users/abc/status", { is_active: false })).status).toBe(404);
  });
});

describe("the last super admin", () => {
  // A database of its own, so that "last" means exactly what the test set up.
  let s: TestApi;
  beforeAll(async () => {
    s = await createTestApi();
  });
  afterAll(() => s.close());

  it("cannot lose the role nor be deactivated; with two, one can go", async () => {
    const first = await superAdmin(s);
    const superId = await roleId(first.client, "super admin");
    const startupId = await roleId(first.client, "startup");

    const demote = await first.client.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [startupId] });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual({ roles: ["The last super admin cannot lose the super admin role."] });
    const empty = await first.client.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ roles: ["The last super admin cannot lose the super admin role."] });
    const off = await first.client.put(`/api/v1/admin/users/${first.id}/status`, { is_active: false });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({ is_active: ["You cannot deactivate your own account."] });
    const me = await first.client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.roles).toContain("super admin");

    // Keeping the role while changing the others is fine.
    expect((await first.client.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [superId] })).status).toBe(200);

    const second = await registered(s, "Second Root");
    expect((await first.client.put(`/api/v1/admin/users/${second.id}/roles`, { roles: [superId] })).status).toBe(200);

    // A deactivated super admin does not count as another one.
    expect((await first.client.put(`/api/v1/admin/users/${second.id}/status`, { is_active: false })).status).toBe(200);
    const stillLast = await first.client.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [] });
    expect(stillLast.status).toBe(422);
    expect(stillLast.body.errors.roles).toEqual(["The last super admin cannot lose the super admin role."]);
    expect((await first.client.put(`/api/v1/admin/users/${second.id}/status`, { is_active: true })).status).toBe(200);

    // With two active super admins, one may lose the role: here the first one, by the second.
    const secondClient = s.client("198.51.100.30");
    expect((await secondClient.post("/api/login", { email: second.email, password: PASSWORD })).status).toBe(200);
    const removed = await secondClient.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [startupId] });
    expect(removed.status).toBe(200);
    expect((await first.client.get("/api/user")).body.roles).toEqual(["startup"]);
    expect((await first.client.get("/api/v1/admin/users")).status).toBe(403);

    // Now the second is the last one. Someone holding every permission through another role still
    // cannot deactivate them.
    const { role: everything } = (await secondClient.post("/api/v1/admin/roles", { name: "all powers", permissions: [...PERMISSIONS] }))
      .body;
    const deputy = await registered(s, "Deputy");
    expect((await secondClient.put(`/api/v1/admin/users/${deputy.id}/roles`, { roles: [everything.id] })).status).toBe(200);
    const last = await deputy.client.put(`/api/v1/admin/users/${second.id}/status`, { is_active: false });
    expect(last.status).toBe(422);
    expect(last.body.errors).toEqual({ is_active: ["The last super admin cannot be deactivated."] });

    // With two again, one can be deactivated.
    expect((await secondClient.put(`/api/v1/admin/users/${first.id}/roles`, { roles: [superId] })).status).toBe(200);
    const deactivated = await secondClient.put(`/api/v1/admin/users/${first.id}/status`, { is_active: false });
    expect(deactivated.status).toBe(200);
    expect((await first.client.get("/api/user")).status).toBe(401);
  });
});

describe("no escalation", () => {
  let s: TestApi;
  beforeAll(async () => {
    s = await createTestApi();
  });
  afterAll(() => s.close());

  it("an admin (no role write) cannot make anyone super admin, nor touch a super admin, but can hand out lesser roles", async () => {
    const root = await superAdmin(s);
    const superId = await roleId(root.client, "super admin");
    const adminId = await roleId(root.client, "admin");
    const startupId = await roleId(root.client, "startup");
    const admin = await registered(s, "Ada");
    expect((await root.client.put(`/api/v1/admin/users/${admin.id}/roles`, { roles: [adminId] })).status).toBe(200);

    const selfPromotion = await admin.client.put(`/api/v1/admin/users/${admin.id}/roles`, { roles: [adminId, superId] });
    expect(selfPromotion.status).toBe(403);
    expect(selfPromotion.body).toEqual({ message: "You cannot grant or remove a role that has permissions you do not hold yourself." });
    expect((await admin.client.get("/api/user")).body.roles).toEqual(["admin"]);
    expect((await admin.client.post("/api/v1/admin/roles", { name: "sneaky", permissions: [] })).status).toBe(403);

    const demoteRoot = await admin.client.put(`/api/v1/admin/users/${root.id}/roles`, { roles: [startupId] });
    expect(demoteRoot.status).toBe(403);
    const deactivateRoot = await admin.client.put(`/api/v1/admin/users/${root.id}/status`, { is_active: false });
    expect(deactivateRoot.status).toBe(403);
    expect((await root.client.get("/api/user")).status).toBe(200);

    const other = await registered(s, "Olive");
    expect((await admin.client.put(`/api/v1/admin/users/${other.id}/roles`, { roles: [startupId] })).status).toBe(200);
    expect((await admin.client.put(`/api/v1/admin/users/${other.id}/status`, { is_active: false })).status).toBe(200);
  });

  it("says on each listed user what the caller may do to them, by the rule the changes are refused by", async () => {
    const root = await superAdmin(s);
    const [superId, adminId, startupId] = await Promise.all(["super admin", "admin", "startup"].map((name) => roleId(root.client, name)));
    const admin = await registered(s, "Abe");
    const other = await registered(s, "Otto");
    expect((await root.client.put(`/api/v1/admin/users/${admin.id}/roles`, { roles: [adminId] })).status).toBe(200);
    const canOf = async (caller: TestClient, user: { id: number; email: string }) => {
      const res = await caller.get<UserList>(`/api/v1/admin/users?search=${encodeURIComponent(user.email)}`);
      return res.body.data.find((u) => u.id === user.id)!.can;
    };

    // An admin: no status change and no super admin role on a super admin; themselves neither; others yes.
    const onRoot = await canOf(admin.client, root);
    expect(onRoot.set_status).toBe(false);
    expect(onRoot.roles).toEqual(expect.arrayContaining([adminId, startupId]));
    expect(onRoot.roles).not.toContain(superId);
    expect((await canOf(admin.client, admin)).set_status).toBe(false);
    expect(await canOf(admin.client, other)).toEqual({ set_status: true, roles: onRoot.roles });
    // The super admin may do all of it.
    expect((await canOf(root.client, admin)).set_status).toBe(true);
    expect((await canOf(root.client, admin)).roles).toContain(superId);

    // Reading users without user write: nothing is offered.
    const reader = await registered(s, "Rae");
    const readerRole = await createRole(root.client, `reader-${tag()}`, ["user read"]);
    expect((await root.client.put(`/api/v1/admin/users/${reader.id}/roles`, { roles: [readerRole.id] })).status).toBe(200);
    expect(await canOf(reader.client, other)).toEqual({ set_status: false, roles: [] });
  });

  it("two super admins demoting each other at once leave exactly one", async () => {
    const a = await superAdmin(s);
    const b = await superAdmin(s);
    const startupId = await roleId(a.client, "startup");
    // Earlier tests in this file made other super admins; demote them so these two are the only ones.
    const list = await a.client.get<UserList>(`/api/v1/admin/users?per_page=100&role=${await roleId(a.client, "super admin")}`);
    for (const user of list.body.data) {
      if (user.id !== a.id && user.id !== b.id) {
        expect((await a.client.put(`/api/v1/admin/users/${user.id}/roles`, { roles: [startupId] })).status).toBe(200);
      }
    }
    const [one, two] = await Promise.all([
      a.client.put(`/api/v1/admin/users/${b.id}/roles`, { roles: [startupId] }),
      b.client.put(`/api/v1/admin/users/${a.id}/roles`, { roles: [startupId] }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 422]).toContain(statuses[1]);
    const holders = await s.database.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, "super admin"));
    expect(holders).toHaveLength(1);
  });
});
