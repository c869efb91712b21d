import { createContext } from "react-router";
import type { ApiClient } from "./api.server";
import type { CurrentUser } from "#schemas/auth";

/** The API client for this request, made by the root middleware. */
export const apiContext = createContext<ApiClient>();
/** The logged-in user with a finished setup, set by the admin layout's middleware. */
export const userContext = createContext<CurrentUser>();
