import { redirect } from "react-router";
import { API } from "#schemas/contract/index";
import { apiContext } from "~/lib/contexts";
import type { Route } from "./+types/logout";

/** POST only: logging out is a mutation (a GET here just goes home). */
export async function action({ context }: Route.ActionArgs) {
  await context.get(apiContext).request(API.logout, {});
  throw redirect("/login");
}

export function loader() {
  throw redirect("/");
}
