import { describe, expect, it } from "vitest";
import { defaultMeetingsConfig, missingSettings, readMeetingsConfig } from "./config.ts";

describe("the meeting settings", () => {
  it("default to the providers' own addresses, with no client configured", () => {
    const config = readMeetingsConfig({});
    expect(config).toEqual({
      ...defaultMeetingsConfig,
      zoomClientId: undefined,
      zoomClientSecret: undefined,
      googleClientId: undefined,
      googleClientSecret: undefined,
      appKey: undefined,
    });
    expect(missingSettings(config, "zoom")).toEqual(["ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"]);
    expect(missingSettings(config, "google_meet")).toEqual(["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  });

  it("read client credentials, base URLs (trailing slashes dropped) and the app key from the environment", () => {
    const config = readMeetingsConfig({
      ZOOM_CLIENT_ID: "zid",
      ZOOM_CLIENT_SECRET: "zsecret",
      ZOOM_OAUTH_BASE: "http://127.0.0.1:1/",
      ZOOM_API_BASE: "http://127.0.0.1:2",
      GOOGLE_CLIENT_ID: "gid",
      GOOGLE_TOKEN_BASE: "http://127.0.0.1:3//",
      APP_KEY: "key",
    });
    expect(config).toMatchObject({
      zoomClientId: "zid",
      zoomOAuthBase: "http://127.0.0.1:1",
      zoomApiBase: "http://127.0.0.1:2",
      googleTokenBase: "http://127.0.0.1:3",
      appKey: "key",
    });
    expect(missingSettings(config, "zoom")).toEqual([]);
    // One of the pair is not enough.
    expect(missingSettings(config, "google_meet")).toEqual(["GOOGLE_CLIENT_SECRET"]);
  });
});
