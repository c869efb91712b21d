/**
 * STORAGE_URL: where new uploads' bytes go (server/config.ts reads it, the README documents it). Unset, they
 * stay in the database's `files` rows; set, they go to an S3-compatible bucket, for example
 * `s3://uploads?endpoint=https://s3.example.com&region=eu-west-1&force_path_style=true`, or
 * `s3://uploads/launchpad/` to keep them under a folder of a shared bucket. The keys are the usual
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN too); without them the AWS SDK looks where
 * it always does (a profile, the machine's role).
 */
export interface StorageConfig {
  bucket: string;
  /** Put before every object key: "" or a folder ending in "/". */
  prefix: string;
  /** The store's address; unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (http://host/bucket/key) rather than in the host name, as most self-hosted stores want. */
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

const EXAMPLE = "s3://bucket?endpoint=https://host&region=us-east-1&force_path_style=true";
const OPTIONS = new Set(["endpoint", "region", "force_path_style"]);

/** S3's rule for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const refused = (why: string) => new Error(`STORAGE_URL ${why} (for example ${EXAMPLE})`);

function endpointOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(`has an endpoint that is not a URL: ${value}`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) throw refused("must have an http:// or https:// endpoint");
  return value.replace(/\/+$/, "");
}

function flagOf(value: string): boolean {
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw refused(`has force_path_style=${value}; use true or false`);
}

/**
 * STORAGE_URL read and checked at start: a value that cannot name a bucket stops the server with what is
 * wrong, rather than failing the first upload.
 */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = {}): StorageConfig {
  // Read by hand rather than by URL: a URL would lower-case or re-encode a bucket name S3 would refuse.
  const match = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(value);
  if (!match) throw refused("must be s3://bucket, optionally followed by /folder/ and ?options");
  const [, bucket, path = "", query = ""] = match;
  if (!BUCKET_NAME.test(bucket) || bucket.includes("..")) throw refused(`names "${bucket}", which is not a valid bucket name`);
  const folder = decodeURIComponent(path).replace(/^\/+|\/+$/g, "");
  if (folder.split("/").some((part) => part === "." || part === "..")) throw refused("has a folder with . or .. in it");
  const options = new URLSearchParams(query);
  for (const name of options.keys()) if (!OPTIONS.has(name)) throw refused(`has an unknown option "${name}"`);
  const region = options.get("region") || env.AWS_REGION || "us-east-1";
  if (!/^[a-z0-9-]+$/.test(region)) throw refused(`has region "${region}", which is not a region name`);
  const endpoint = options.get("endpoint");
  const pathStyle = options.get("force_path_style");
  return {
    bucket,
    prefix: folder ? `${folder}/` : "",
    endpoint: endpoint ? endpointOf(endpoint) : undefined,
    region,
    forcePathStyle: pathStyle ? flagOf(pathStyle) : false,
    credentials: credentialsOf(env),
  };
}

function credentialsOf(env: NodeJS.ProcessEnv): StorageConfig["credentials"] {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) throw new Error("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together");
  return { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN?.trim() || undefined };
}

export function readStorageConfig(env: NodeJS.ProcessEnv): StorageConfig | undefined {
  const value = env.STORAGE_URL?.trim();
  return value ? parseStorageUrl(value, env) : undefined;
}

/** The line the server prints at start: where new uploads go (never the keys). */
export function storageModeLine(config: StorageConfig | undefined): string {
  if (!config) return "uploads: kept in the database (STORAGE_URL not set)";
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  return `uploads: new files go to bucket ${config.bucket}${config.prefix ? `/${config.prefix}` : ""} at ${where}`;
}
