import type { ApiConfig } from "./config.ts";
import type { Db } from "./db/client.ts";

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  startupId: number | null;
  coFounderId: number | null;
  avatarFileId: string | null;
}

export interface AppEnv {
  Bindings: {
    /** The caller's address, set by server.ts (from the socket, or the panel's own caller). */
    clientIp?: string;
  };
  Variables: {
    db: Db;
    config: ApiConfig;
    user: AuthUser | null;
    /** Hash of the current session id, when authenticated by cookie. */
    sessionHash: string | null;
    /** How the caller authenticated: "session" (cookie), "token" (bearer) or null. */
    authMethod: "session" | "token" | null;
  };
}
