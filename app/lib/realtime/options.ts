import { channelKind as kindOfChannel, echoChannelName, type ChannelKind } from "#schemas/realtime";
import type { RealtimePublicConfig } from "../request-env";

/** The page's address as the Echo options need it (window.location in the browser; a value in tests). */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

/** Where pusher-js opens its socket, from the public configuration; null parts mean "the page's own". */
export function socketAddress(config: RealtimePublicConfig, page: PageLocation) {
  const pageTls = page.protocol === "https:";
  const tls = config.forceTLS || (config.scheme ? config.scheme === "https" : pageTls);
  const pagePort = page.port ? Number(page.port) : pageTls ? 443 : 80;
  const port = config.port ?? (config.host ? (tls ? 443 : 80) : pagePort);
  return { wsHost: config.host ?? page.hostname, wsPort: port, wssPort: port, forceTLS: tls };
}

/** How Echo opens a channel given by its pusher-js name: join, private or channel, and the name it takes. */
export function channelKind(name: string): { kind: ChannelKind; echoName: string } {
  return { kind: kindOfChannel(name), echoName: echoChannelName(name) };
}
