import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { startups, users } from "./schema.ts";
import { frameworkCanvases, frameworkVersions, type CanvasBoxes } from "./tools-schema.ts";
import { LEAN_CANVAS } from "#schemas/frameworks/lean-canvas.ts";

/**
 * Acme Robotics' Lean Canvas for the demo, saved twice by Stella: a first draft, then the whole canvas
 * (the framework's own examples were written for a startup like Acme), so the history has a version to
 * restore.
 */
export async function seedCanvases(db: Db) {
  const [acme] = await db.select({ id: startups.id }).from(startups).where(eq(startups.username, "acme-robotics"));
  const [stella] = await db.select({ id: users.id }).from(users).where(eq(users.email, "startup@launchpad.test"));
  if (!acme || !stella) return;
  const full: CanvasBoxes = Object.fromEntries(LEAN_CANVAS.boxes.map((box) => [box.id, box.example]));
  const draft: CanvasBoxes = Object.fromEntries(
    LEAN_CANVAS.boxes.map((box) => [
      box.id,
      ["problem", "customer_segments", "solution"].includes(box.id) ? box.example.split("\n")[0] : "",
    ]),
  );
  const dayAgo = new Date(Date.now() - 86_400_000);
  const [canvas] = await db
    .insert(frameworkCanvases)
    .values({ startupId: acme.id, type: LEAN_CANVAS.type, boxes: full, version: 2, updatedByUserId: stella.id })
    .returning({ id: frameworkCanvases.id });
  await db.insert(frameworkVersions).values([
    { canvasId: canvas.id, version: 1, boxes: draft, savedByUserId: stella.id, createdAt: dayAgo },
    { canvasId: canvas.id, version: 2, boxes: full, savedByUserId: stella.id },
  ]);
}
