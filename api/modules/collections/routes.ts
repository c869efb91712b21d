import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const collectionRoutes = new Hono<AppEnv>();
