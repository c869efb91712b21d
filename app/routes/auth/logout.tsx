import { redirect } from "react-router";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/logout";

/** POST only: logging out is a mutation (a GET here just goes home). */
export async function action({ context }: Route.ActionArgs) {
  await context.get(apiContext).post("/api/logout");
  throw redirect("/login");
}

export function loader() {
  throw redirect("/");
}
