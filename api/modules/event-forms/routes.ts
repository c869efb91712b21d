import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const eventFormRoutes = new Hono<AppEnv>();
