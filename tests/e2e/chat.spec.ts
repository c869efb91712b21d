import type { WebSocketRoute } from "@playwright/test";
import { userChannel } from "#schemas/realtime";
import { expectNoSeriousViolations, expectNoSeriousViolationsInBothThemes } from "./a11y";
import { apiCall, expect, test } from "./fixtures";
import { PHONE_AND_DESKTOP, expectInView, expectNoSideScroll } from "./layout";
import { conversationBetween, newPerson, type Person } from "./realtime-people";

/** The open conversation is live: subscribed to its private and presence channels. */
const live = (person: Person) => expect(person.page.locator('section[data-live="on"]')).toBeVisible();

test.describe("chat", () => {
  test("two people chat live: Message from a profile, messages both ways within 2 s, Seen, unread in the list", async ({
    browser,
    baseURL,
  }) => {
    const ada = await newPerson(browser, baseURL, "Ada Founder");
    const bo = await newPerson(browser, baseURL, "Bo Builder");

    // Bo starts the conversation from Ada's startup profile.
    await bo.page.goto(`/startups/${ada.startup.username}`);
    await bo.page.getByRole("button", { name: "Message E2E Robotics" }).click();
    await expect(bo.page).toHaveURL(/\/chat\/\d+$/);
    const conversationId = Number(new URL(bo.page.url()).pathname.split("/").pop());
    await expect(bo.page.getByRole("heading", { name: "Ada Founder" })).toBeVisible();

    await ada.page.goto(`/chat/${conversationId}`);
    await live(ada);
    await live(bo);
    // Each sees the other online (presence).
    await expect(ada.page.locator("#conversation-title").locator("xpath=..").getByText("Online")).toBeVisible();
    await expect(bo.page.locator("#conversation-title").locator("xpath=..").getByText("Online")).toBeVisible();

    const box = bo.page.getByRole("textbox", { name: "Message" });
    await box.fill("Hello Ada! See https://example.com/deck and <b>not bold</b>");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    await expect(bo.page.getByRole("log", { name: "Messages" }).getByText("Hello Ada!")).toBeVisible();
    // The other side, without reloading, within 2 s.
    const received = ada.page.getByRole("log", { name: "Messages" }).locator("li").filter({ hasText: "Hello Ada!" });
    await expect(received).toBeVisible({ timeout: 2_000 });
    // Text stays text; the address is a safe link.
    await expect(received.locator("b")).toHaveCount(0);
    await expect(received).toContainText("<b>not bold</b>");
    const link = received.getByRole("link", { name: "https://example.com/deck" });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(link).toHaveAttribute("target", "_blank");

    // Ada has it on screen, so Bo sees "Seen" under his message.
    await expect(bo.page.getByTestId("seen")).toBeVisible();

    await ada.page.getByRole("textbox", { name: "Message" }).fill("Hi Bo 👋");
    await ada.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(bo.page.getByRole("log", { name: "Messages" }).getByText("Hi Bo 👋")).toBeVisible({ timeout: 2_000 });
    await expectNoSeriousViolations(ada.page, "/chat/{id}");

    // Ada's list shows the conversation with its last message.
    const row = ada.page.getByTestId(`conversation-${conversationId}`);
    await expect(row).toContainText("Bo Builder");
    await expect(row).toContainText("You: Hi Bo 👋");

    // Away from the conversation, a new message counts as unread in the list, live.
    await ada.page.goto("/chat");
    await expectNoSeriousViolations(ada.page, "/chat");
    await apiCall(bo.context, "POST", `/api/v1/admin/conversations/${conversationId}/messages`, { body: "Are you there?" });
    await expect(ada.page.getByTestId(`conversation-${conversationId}`)).toContainText("Are you there?");
    await expect(ada.page.getByTestId(`conversation-${conversationId}`).getByTestId("conversation-unread")).toHaveText(/1/);
    // The menu counts it beside Messages, live, and lets it go once the conversation is read.
    await expect(ada.page.getByTestId("unread-messages")).toContainText("1 unread conversation");
    await ada.page.getByTestId(`conversation-${conversationId}`).click();
    await expect(ada.page.getByRole("log", { name: "Messages" }).getByText("Are you there?")).toBeVisible();
    await expect(ada.page.getByTestId("unread-messages")).toHaveCount(0);
    await ada.page.reload();
    await expect(ada.page.getByTestId("unread-messages")).toHaveCount(0);

    // Online means the panel open anywhere, not only the chat: Bo on another page is online in Ada's list,
    // and offline once his tab is gone.
    await ada.page.goto("/chat");
    await bo.page.goto("/notifications");
    const dot = ada.page.getByTestId(`conversation-${conversationId}`).getByTestId("online-dot");
    await expect(dot).toHaveAttribute("data-online", "true");
    await bo.page.close();
    await expect(dot).not.toHaveAttribute("data-online");

    await ada.context.close();
    await bo.context.close();
  });

  test("the typing indicator shows while the other types, and goes when the message arrives", async ({ browser, baseURL }) => {
    const cy = await newPerson(browser, baseURL, "Cy Typist");
    const di = await newPerson(browser, baseURL, "Di Watcher");
    const id = await conversationBetween(cy, di);
    await cy.page.goto(`/chat/${id}`);
    await di.page.goto(`/chat/${id}`);
    await live(cy);
    await live(di);
    // The chat fills the screen below the header to its bottom edge: no band under it, no page scroll.
    expect(
      await cy.page.evaluate(() => ({
        bottom: Math.round(document.querySelector("[data-full-height]")!.getBoundingClientRect().bottom),
        page: document.documentElement.scrollHeight,
      })),
    ).toEqual({ bottom: cy.page.viewportSize()!.height, page: cy.page.viewportSize()!.height });

    await cy.page.getByRole("textbox", { name: "Message" }).pressSequentially("Writing something");
    const indicator = di.page.getByTestId("typing-indicator");
    await expect(indicator).toHaveText("Cy Typist is typing…");
    await cy.page.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(di.page.getByRole("log", { name: "Messages" }).getByText("Writing something")).toBeVisible();
    await expect(indicator).toHaveText("");
    // Nobody sees their own typing.
    await expect(cy.page.getByTestId("typing-indicator")).toHaveText("");

    // "Load older" adds the page before, above, without leaving the address. The thirty messages are posted
    // with the conversation closed on both sides: open, each one would refresh both screens live (tested
    // above), which on a busy machine took this test past its time.
    await di.page.goto("about:blank");
    await cy.page.goto("about:blank");
    for (let i = 1; i <= 30; i++) await apiCall(di.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: `Later ${i}` });
    await cy.page.goto(`/chat/${id}`);
    const log = cy.page.getByRole("log", { name: "Messages" });
    await expect(log.getByText("Later 30")).toBeVisible();
    await expect(log.getByText("Writing something")).toHaveCount(0);
    await cy.page.getByRole("link", { name: "Load older messages" }).click();
    await expect(log.getByText("Writing something")).toBeVisible();
    await expect(log.locator("li")).toHaveCount(31);
    await expect(cy.page).toHaveURL(new RegExp(`/chat/${id}$`));
    await expect(cy.page.getByText("This is the start of your conversation.")).toBeVisible();

    await cy.context.close();
    await di.context.close();
  });

  test("errors: an over-long message is refused on the field, too many too fast is a clear 429", async ({ browser, baseURL }) => {
    const ed = await newPerson(browser, baseURL, "Ed Errors");
    const fay = await newPerson(browser, baseURL, "Fay Friend");
    const id = await conversationBetween(ed, fay);
    await ed.page.goto(`/chat/${id}`);
    await live(ed);
    const box = ed.page.getByRole("textbox", { name: "Message" });
    await box.fill("x".repeat(10_001));
    await expect(ed.page.getByRole("alert")).toHaveText("The body field must be between 1 and 10000 characters.");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await box.fill("fine now");
    await expect(ed.page.getByRole("alert")).toHaveCount(0);

    // 30 messages in 10 s are allowed; the 31st is refused with 429, said plainly, its text given back.
    // The 30 go at once: one after another they can take longer than the window on a busy machine.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        apiCall(ed.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: `Burst ${i + 1}` }),
      ),
    );
    await box.fill("One too many");
    await box.press("Enter");
    await expect(ed.page.getByRole("alert")).toContainText("You are sending messages too quickly");
    await expect(box).toHaveValue("One too many");
    await ed.context.close();
    await fay.context.close();
  });

  test("emoji picker: opens from the keyboard, searches, inserts at the cursor, and fits a phone and a desktop", async ({
    browser,
    baseURL,
  }) => {
    const gus = await newPerson(browser, baseURL, "Gus Emoji");
    const hal = await newPerson(browser, baseURL, "Hal Friend");
    const id = await conversationBetween(gus, hal);
    await gus.page.goto(`/chat/${id}`);
    const box = gus.page.getByRole("textbox", { name: "Message" });
    await box.fill("Good  morning");
    // Caret between the two spaces.
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5));
    await gus.page.getByRole("button", { name: "Add emoji" }).click();
    const picker = gus.page.getByRole("dialog", { name: "Emoji picker" });
    await expect(picker.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
    // Pictures, not characters a system without an emoji font draws as empty boxes; the character is their text.
    const grinning = picker.getByRole("button", { name: "grinning face", exact: true }).getByRole("img");
    await expect(grinning).toHaveAttribute("alt", "😀");
    await expect(grinning).toHaveAttribute("src", "/emoji/1f600.svg");
    await expect.poll(() => grinning.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await picker.getByRole("searchbox", { name: "Search emoji" }).fill("sun with face");
    await gus.page.keyboard.press("ArrowDown");
    await expect(picker.getByRole("button", { name: "sun with face" })).toBeFocused();
    await gus.page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect(box).toHaveValue("Good 🌞 morning");
    await expect(box).toBeFocused();
    // Escape closes it and gives focus back to its button.
    await gus.page.getByRole("button", { name: "Add emoji" }).click();
    await expect(picker).toBeVisible();
    await gus.page.keyboard.press("Escape");
    await expect(picker).toHaveCount(0);
    await expect(gus.page.getByRole("button", { name: "Add emoji" })).toBeFocused();
    // On a phone and a desktop: the whole picker on the screen, its pictures drawn, nothing wider than the screen.
    for (const width of PHONE_AND_DESKTOP) {
      await gus.page.setViewportSize({ width, height: 800 });
      await gus.page.goto(`/chat/${id}`);
      if (width === 375) await expect(gus.page.locator("[data-layout]").first()).not.toHaveAttribute("data-layout", "wide");
      await gus.page.getByRole("button", { name: "Add emoji" }).click();
      await expect(picker).toBeInViewport({ ratio: 1 });
      await expectInView(gus.page, picker);
      await expectInView(gus.page, picker.getByRole("searchbox", { name: "Search emoji" }));
      await expect(grinning).toBeInViewport();
      await expect.poll(() => grinning.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectNoSideScroll(gus.page);
      await expectNoSeriousViolationsInBothThemes(gus.page, `/chat, emoji picker open at ${width} px`);
      await gus.page.keyboard.press("Escape");
      await expect(picker).toHaveCount(0);
    }
    await gus.context.close();
    await hal.context.close();
  });
});

test.describe("chat after a dropped connection", () => {
  test("pusher-js reconnects and the screen fetches what it missed", async ({ browser, baseURL }) => {
    const kay = await newPerson(browser, baseURL, "Kay Offline");
    const lee = await newPerson(browser, baseURL, "Lee Sender");
    const id = await conversationBetween(lee, kay);
    // The page's socket goes through this route: cut it, refuse reconnects for a while, then let them through.
    let online = true;
    const sockets: WebSocketRoute[] = [];
    await kay.page.routeWebSocket(/\/app\//, (socket) => {
      if (!online) return void socket.close();
      socket.connectToServer();
      sockets.push(socket);
    });
    await kay.page.goto(`/chat/${id}`);
    await live(kay);
    // Subscribing runs the page's loaders again; one still under way when the message is sent could bring
    // it over HTTP and make the check below pass for the wrong reason, or fail it.
    await kay.page.waitForLoadState("networkidle");

    online = false;
    for (const socket of sockets) await socket.close();
    await apiCall(lee.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: "Sent while you were away" });
    await expect(kay.page.getByRole("log", { name: "Messages" }).getByText("Sent while you were away")).toHaveCount(0);
    online = true;
    await expect(kay.page.getByRole("log", { name: "Messages" }).getByText("Sent while you were away")).toBeVisible({ timeout: 20_000 });
    // And live again afterwards.
    await apiCall(lee.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: "Back to live" });
    await expect(kay.page.getByRole("log", { name: "Messages" }).getByText("Back to live")).toBeVisible({ timeout: 2_000 });
    await kay.context.close();
    await lee.context.close();
  });

  test("the list and the menu's count load what was sent before the page was listening", async ({ browser, baseURL }) => {
    const mo = await newPerson(browser, baseURL, "Mo Late");
    const nia = await newPerson(browser, baseURL, "Nia Early");
    const id = await conversationBetween(mo, nia);
    await apiCall(mo.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: "First words" });
    // The page's socket connects, but what it says to the server waits: its subscriptions go through
    // only after the next message is sent, so the message's live update never reaches this page.
    let held: string[] | null = [];
    let release = () => {};
    await mo.page.routeWebSocket(/\/app\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => (held ? held.push(String(message)) : server.send(message)));
      release = () => {
        for (const message of held ?? []) server.send(message);
        held = null;
      };
    });
    await mo.page.goto("/chat");
    const row = mo.page.getByTestId(`conversation-${id}`);
    await expect(row).toContainText("You: First words");
    await expect(mo.page.getByTestId("unread-messages")).toHaveCount(0);
    await expect.poll(() => held?.some((message) => message.includes(`"${userChannel(mo.user.id)}"`))).toBe(true);
    await apiCall(nia.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: "Sent before you listened" });
    release();
    await expect(row).toContainText("Sent before you listened");
    await expect(mo.page.getByTestId("unread-messages")).toContainText("1 unread conversation");
    await mo.context.close();
    await nia.context.close();
  });
});

test.describe("chat with JavaScript off", () => {
  test("start from a co-founder-free profile, send with a plain form, see it after the redirect", async ({ browser, baseURL }) => {
    const ivy = await newPerson(browser, baseURL, "Ivy NoScript", { javaScript: false });
    const jo = await newPerson(browser, baseURL, "Jo Receiver");
    await ivy.page.goto(`/startups/${jo.startup.username}`);
    await ivy.page.getByRole("button", { name: "Message E2E Robotics" }).click();
    await expect(ivy.page).toHaveURL(/\/chat\/\d+$/);
    const id = Number(new URL(ivy.page.url()).pathname.split("/").pop());
    await expect(ivy.page.getByText("No messages yet. Say hello!")).toBeVisible();
    // Nothing arrives live without JavaScript: the page says so and offers the reload.
    const notice = ivy.page.getByTestId("reload-notice");
    await expect(notice).toHaveText("New messages appear when you reload the page. Refresh");
    await expect(notice.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", `/chat/${id}`);

    await ivy.page.getByRole("textbox", { name: "Message" }).fill("Sent without JavaScript");
    await ivy.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(ivy.page).toHaveURL(new RegExp(`/chat/${id}#latest$`));
    await expect(ivy.page.getByRole("log", { name: "Messages" }).getByText("Sent without JavaScript")).toBeVisible();

    // A blank message (spaces only) is refused on the field, the text kept.
    await ivy.page.getByRole("textbox", { name: "Message" }).fill("   ");
    await ivy.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(ivy.page.getByRole("alert")).toContainText("The body field");

    // The other side has it.
    await jo.page.goto(`/chat/${id}`);
    await expect(jo.page.getByRole("log", { name: "Messages" }).getByText("Sent without JavaScript")).toBeVisible();
    await expect(jo.page.getByTestId(`conversation-${id}`)).toBeVisible();

    // Load older is a link without JavaScript: 31 messages are more than one page (30).
    for (let i = 1; i <= 30; i++) await apiCall(jo.context, "POST", `/api/v1/admin/conversations/${id}/messages`, { body: `Backlog ${i}` });
    await ivy.page.goto(`/chat/${id}`);
    const log = ivy.page.getByRole("log", { name: "Messages" });
    await expect(log.getByText("Backlog 30")).toBeVisible();
    await expect(log.getByText("Sent without JavaScript")).toHaveCount(0);
    await ivy.page.getByRole("link", { name: "Load older messages" }).click();
    await expect(log.getByText("Sent without JavaScript")).toBeVisible();
    await expect(ivy.page.getByRole("link", { name: "Newer messages" })).toBeVisible();

    await ivy.context.close();
    await jo.context.close();
  });
});
