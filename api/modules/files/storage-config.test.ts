import { describe, expect, it } from "vitest";
import { readConfig } from "#server/config.ts";
import { parseStorageUrl, storageModeLine } from "./storage-config.ts";

describe("STORAGE_URL", () => {
  it("reads the bucket, its folder, the endpoint, the region, path style and the AWS keys", () => {
    const env = { AWS_ACCESS_KEY_ID: "AKIA1", AWS_SECRET_ACCESS_KEY: "secret" };
    expect(
      parseStorageUrl("s3://uploads/launchpad/files?endpoint=https://s3.example.com/&region=eu-west-1&force_path_style=true", env),
    ).toEqual({
      bucket: "uploads",
      prefix: "launchpad/files/",
      endpoint: "https://s3.example.com",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIA1", secretAccessKey: "secret", sessionToken: undefined },
    });
    // AWS S3 itself: no endpoint, the region from AWS_REGION, the SDK's own look-up of the keys.
    expect(parseStorageUrl("s3://my.bucket-1", { AWS_REGION: "ap-south-1" })).toEqual({
      bucket: "my.bucket-1",
      prefix: "",
      endpoint: undefined,
      region: "ap-south-1",
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    ["https://uploads", "must be s3://bucket"],
    ["s3://", "not a valid bucket name"],
    ["s3://Uploads", "not a valid bucket name"],
    ["s3://up_loads", "not a valid bucket name"],
    ["s3://uploads?endpont=https://host", 'unknown option "endpont"'],
    ["s3://uploads?endpoint=host:9000", "must have an http:// or https:// endpoint"],
    ["s3://uploads?endpoint=not a url", "not a URL"],
    ["s3://uploads?force_path_style=yes", "force_path_style=yes"],
    ["s3://uploads?region=EU West", "not a region name"],
    ["s3://uploads/../etc", "with . or .. in it"],
  ])("stops the server at start on %s", (value, why) => {
    expect(() => readConfig({ STORAGE_URL: value })).toThrow(why);
  });

  it("refuses one AWS key without the other", () => {
    expect(() => readConfig({ STORAGE_URL: "s3://uploads", AWS_ACCESS_KEY_ID: "AKIA1" })).toThrow(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together",
    );
  });

  it("keeps uploads in the database when unset, and says where they go at start", () => {
    expect(readConfig({}).api.storage).toBeUndefined();
    expect(storageModeLine(undefined)).toBe("uploads: kept in the database (STORAGE_URL not set)");
    const storage = readConfig({ STORAGE_URL: "s3://uploads?endpoint=http://127.0.0.1:9000&force_path_style=1" }).api.storage;
    expect(storageModeLine(storage)).toBe("uploads: new files go to bucket uploads at http://127.0.0.1:9000");
  });
});
