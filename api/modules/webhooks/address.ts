/*
 * Where a webhook may call: the public internet only. An organization types the URL, and the server makes
 * the call from inside its own network, so a URL naming a private, loopback or link-local address (or a name
 * that resolves to one) would let anyone with an account reach the machines behind the server. The rule is
 * checked when the URL is saved, for a clear answer, and again by the lookup each connection makes, so a
 * name that resolved to a public address at saving and to a private one later (DNS rebinding) still fails.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** An address on the public internet: none of the private, loopback, link-local, unique-local or reserved ranges. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return !NOT_PUBLIC.check(address, "ipv6");
}

export class NotPublicError extends Error {}

/** The host as the resolver takes it: without the brackets of an IPv6 literal. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the name took too long to resolve")), 5_000);
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/**
 * Why a URL may not be called, for its field (null: it may): http outside local development, or a host
 * that does not resolve, or resolves to an address that is not public.
 */
export async function urlRefusal(value: string, allowPrivate: boolean): Promise<string | null> {
  const url = new URL(value);
  if (allowPrivate) return null;
  if (url.protocol !== "https:") return "The url field must be a valid URL starting with https://.";
  const host = bare(url.hostname);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolveAll(host)).map((entry) => entry.address);
  } catch {
    return "The url's host could not be found.";
  }
  if (!addresses.length || !addresses.every(isPublicAddress))
    return "The url must reach a public address (private, loopback and link-local addresses are refused).";
  return null;
}

/**
 * The lookup each connection makes: the system's, refusing the connection when any address the name
 * resolves to is not public. With `allowPrivate`, the system's as it is.
 */
export function connectLookup(allowPrivate: boolean): LookupFunction | undefined {
  if (allowPrivate) return undefined;
  return ((hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || !addresses.length)
        return callback(new NotPublicError(`${hostname} resolves to ${refused?.address ?? "nothing"}, which is not public`));
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}
