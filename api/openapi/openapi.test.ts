/**
 * The API described: GET /api/openapi.json names every declared route with its parameters, bodies, answers
 * and refusals, and Redocly's linter (its recommended rules, redocly.yaml) finds nothing wrong with it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API } from "#schemas/contract/index.ts";
import { createTestApi, type TestApi } from "../testing/harness.ts";

let t: TestApi;
beforeAll(async () => {
  // The address the description names as its server: the app's own (APP_URL).
  t = await createTestApi({ appUrl: "https://launchpad.test" });
});
afterAll(() => t.close());

describe("GET /api/openapi.json", () => {
  it("describes every declared route, and lints clean", async () => {
    const res = await t.client().get("/api/openapi.json");
    expect(res.status).toBe(200);
    const document = res.body;
    expect(document.openapi).toBe("3.1.0");
    for (const [name, route] of Object.entries(API)) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.operationId, name).toBe(name);
    }
    const saved = document.paths["/api/v1/admin/question_library"].post;
    expect(saved.requestBody.content["application/json"].schema.properties.label).toBeDefined();
    expect(saved.responses["201"].content["application/json"].schema.properties.saved_question).toBeDefined();
    expect(Object.keys(saved.responses)).toEqual(expect.arrayContaining(["401", "403", "419", "422"]));
    expect(document.paths["/api/v1/admin/question_library/{id}"].delete.parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path", required: true }),
    );
    // A route that succeeds in two ways describes both; a parameter with a pattern says it.
    const refund = document.paths["/api/v1/admin/event_billings/{id}/refund"].post;
    expect(refund.responses["201"].content["application/json"].schema.properties.refund).toBeDefined();
    expect(refund.responses["200"].content["application/json"].schema.properties.refund).toBeDefined();
    const flag = document.paths["/api/v1/site/flags/{file}"].get;
    expect(flag.parameters).toContainEqual({
      name: "file",
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^(?:[A-Za-z]{2}\\.svg)$" },
    });
    expect(Object.keys(flag.responses)).toEqual(expect.arrayContaining(["200", "304", "404"]));

    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(document));
      const lint = await promisify(execFile)(
        "node_modules/.bin/redocly",
        ["lint", file, "--config", "redocly.yaml", "--format", "stylish"],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      ).catch((error: { stdout: string; stderr: string }) => error);
      expect(lint.stdout + lint.stderr).toMatch(/Woohoo! Your API description is valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
