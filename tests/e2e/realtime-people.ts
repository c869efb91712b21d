import type { Browser, BrowserContext, Page } from "@playwright/test";
import { apiCall, registerUser, setUpStartup } from "./fixtures";

/**
 * A second (third, …) person for the realtime specs: a fresh user with a finished startup setup in a
 * browser context of their own, logged in, tour dismissed. Each spec makes its own people, so the
 * files run in parallel.
 */
export interface Person {
  context: BrowserContext;
  page: Page;
  user: { id: number; name: string; email: string };
  startup: { id: number; username: string };
}

let counter = 0;

export async function newPerson(browser: Browser, baseURL: string | undefined, name: string, { javaScript = true } = {}): Promise<Person> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  await context.addInitScript(() => window.localStorage.setItem("introComplete", "true"));
  const user = await registerUser(context, name);
  const username = `rt-${Date.now().toString(36)}-${process.pid}-${++counter}`;
  const { startup } = await setUpStartup(context, username);
  return { context, page: await context.newPage(), user, startup: { id: startup.id, username } };
}

/** Starts (or finds) a conversation from `from` to `to` through the API; its id. */
export async function conversationBetween(from: Person, to: Person): Promise<number> {
  const { data } = await apiCall(from.context, "POST", "/api/v1/admin/conversations", { user_id: to.user.id });
  return data.id as number;
}
