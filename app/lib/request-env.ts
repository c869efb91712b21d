import { createContext } from "react-router";

/** What server.ts hands the panel for each request. The panel reaches data only through `apiFetch`. */
export interface RequestEnv {
  /** Sends a request to the API: in-process, or to API_URL when the API runs elsewhere. */
  apiFetch(request: Request): Promise<Response>;
  /** The nonce for this response's Content-Security-Policy. */
  cspNonce: string;
  /** Secret for signing the panel's own cookies (flash messages). */
  appKey: string;
  /** Mark the panel's cookies Secure (the app is served over https). */
  secureCookies: boolean;
  /** Name of the API's session cookie, to tell an expired session from no session. */
  sessionCookieName: string;
}

export const requestEnvContext = createContext<RequestEnv>();
