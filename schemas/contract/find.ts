/** Which declared route a request reaches: read by the token abilities' check and by the tests' answer check. */
import { API } from "./index.ts";
import { pathPattern, type ApiRoute } from "./route.ts";

const DECLARED = Object.entries(API as Record<string, ApiRoute>).map(([name, route]) => ({
  name,
  route,
  pattern: pathPattern(route.path, route.paramPatterns),
}));

export function declaredRoute(method: string, pathname: string): { name: string; route: ApiRoute } | undefined {
  return DECLARED.find((d) => d.route.method === method && d.pattern.test(pathname));
}
