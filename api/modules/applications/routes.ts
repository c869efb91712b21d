import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const applicationRoutes = new Hono<AppEnv>();
