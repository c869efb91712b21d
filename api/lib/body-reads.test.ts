/**
 * Bodies in tests refuse any read of their fields outside validate(): a handler that reads a field no
 * schema checked (as the canvas save once read `base_version`) answers 500 naming the field, so the fuzz
 * suite and every other test that reaches it fail.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultApiConfig, type ApiConfig } from "../config.ts";
import type { AppEnv } from "../context.ts";
import { readBody, readOutsideSchema } from "./body.ts";
import { HttpError } from "./errors.ts";
import { validate } from "./validation.ts";

const schema = z.object({ name: z.string().optional() });

function app(config: Partial<ApiConfig>) {
  const routes = new Hono<AppEnv>();
  routes.use(async (c, next) => {
    c.set("config", { ...defaultApiConfig, ...config });
    await next();
  });
  routes.onError((error, c) => c.json({ message: error.message }, error instanceof HttpError ? (error.status as 500) : 500));
  routes.post("/through-schema", async (c) => c.json(validate(schema, await readBody(c))));
  routes.post("/read-directly", async (c) => {
    const body = await readBody(c);
    const { name } = validate(schema, body);
    return c.json({ name, base_version: body.base_version ?? null });
  });
  routes.post("/spread", async (c) => c.json(validate(schema, { ...(await readBody(c)), name: "x" })));
  routes.post("/keys", async (c) => c.json({ keys: Object.keys(await readBody(c)) }));
  routes.post("/preprocess", async (c) =>
    c.json(
      validate(
        z.preprocess((body) => ({ name: String((body as { title?: unknown }).title) }), schema),
        await readBody(c),
      ),
    ),
  );
  return routes;
}

const post = (routes: Hono<AppEnv>, path: string, body: unknown) =>
  routes.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("watched bodies (tests)", () => {
  const watched = app({ watchBodyReads: true });

  it("lets a schema read the fields, also in a preprocess step", async () => {
    expect(await (await post(watched, "/through-schema", { name: "Ada", base_version: 1 })).json()).toEqual({ name: "Ada" });
    expect(await (await post(watched, "/preprocess", { title: "From the title" })).json()).toEqual({ name: "From the title" });
  });

  it("refuses a field read outside a schema with 500 naming it, whether or not it was sent", async () => {
    for (const body of [{ name: "Ada", base_version: 2147483648 }, { name: "Ada" }]) {
      const res = await post(watched, "/read-directly", body);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: readOutsideSchema("base_version") });
    }
  });

  it("refuses a spread or a key list outside a schema", async () => {
    for (const path of ["/spread", "/keys"]) {
      const res = await post(watched, path, { name: "Ada" });
      expect(res.status, path).toBe(500);
      expect((await res.json()).message, path).toMatch(/outside a schema/);
    }
  });

  it("leaves bodies alone when not watching (the server)", async () => {
    const plain = app({});
    expect(await (await post(plain, "/read-directly", { name: "Ada", base_version: 3 })).json()).toEqual({ name: "Ada", base_version: 3 });
    expect(await (await post(plain, "/keys", { name: "Ada" })).json()).toEqual({ keys: ["name"] });
  });
});
