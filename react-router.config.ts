import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // v8_passThroughRequests: handlers get the request as it came, without copies (ADR 018).
  future: { v8_middleware: true, v8_passThroughRequests: true },
} satisfies Config;
