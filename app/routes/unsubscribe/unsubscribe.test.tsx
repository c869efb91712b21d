import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_LINK_INVALID } from "#schemas/mail-preferences";
import { createRouteHarness, registered, renderPage, unsubscribeToken, type RouteHarness } from "~/testing/route-harness";
import Unsubscribe, { action, loader } from "./unsubscribe";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

/** The page as a mail's link opens it: a visitor (no cookies), the token in the address. */
const open = (token: string) => h.run(loader, { as: null, layout: "guest", path: `/unsubscribe/${token}`, params: { token } });
/** The one-click POST as a mail provider sends it (RFC 8058), which is also what the page's button posts. */
const oneClick = (token: string, form: Record<string, string> = { "List-Unsubscribe": "One-Click" }) =>
  h.run(action, { as: null, layout: "guest", path: `/unsubscribe/${token}`, params: { token }, form });

async function reader(name: string) {
  const account = await registered(h.t, name);
  const mailOf = async () => (await account.client.get("/api/v1/admin/settings")).body.data.mail as Record<string, string>;
  return { ...account, mailOf };
}

describe("/unsubscribe/:token", () => {
  it("shows what the link turns off with a button, without a login, and changes nothing until posted", async () => {
    const ada = await reader("Ada Reader");
    const token = await unsubscribeToken(h.t.database.db, ada.id, "new_follower");
    const page = await open(token);
    expect(page).toMatchObject({ status: 200, data: { view: { target: "new_follower", label: "Someone follows you", subscribed: true } } });
    const html = renderPage(Unsubscribe, { path: `/unsubscribe/${token}`, loaderData: page.data });
    expect(html).toContain("Stop mail for “Someone follows you”?");
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect(html).toContain(">Unsubscribe</button>");
    expect((await ada.mailOf()).new_follower).toBe("digest");
  });

  it("turns that kind off with one POST (ten at once leave the same) and keeps every other choice", async () => {
    const ada = await reader("Ada Clicker");
    const before = await ada.mailOf();
    const token = await unsubscribeToken(h.t.database.db, ada.id, "invitation_received");
    const answers = await Promise.all(Array.from({ length: 10 }, () => oneClick(token)));
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        data: { done: "You will no longer get mail for “You receive a co-founder invitation”." },
      });
    }
    expect(await ada.mailOf()).toEqual({ ...before, invitation_received: "off" });

    const html = renderPage(Unsubscribe, {
      path: `/unsubscribe/${token}`,
      loaderData: (await open(token)).data,
      actionData: answers[0].data,
    });
    expect(html).toContain("You are unsubscribed");
    expect((await open(token)).data.view.subscribed).toBe(false);
    expect(renderPage(Unsubscribe, { path: `/unsubscribe/${token}`, loaderData: (await open(token)).data })).toContain(
      "Already unsubscribed",
    );
  });

  it("turns the whole digest off from a digest's link: every kind that came by digest", async () => {
    const ada = await reader("Ada Digest");
    const token = await unsubscribeToken(h.t.database.db, ada.id, "digest");
    expect((await open(token)).data.view).toEqual({ target: "digest", label: "The daily digest", subscribed: true });
    expect((await oneClick(token)).status).toBe(200);
    expect(await ada.mailOf()).toMatchObject({
      new_follower: "off",
      application_received: "off",
      message_received: "off",
      invitation_received: "immediately",
      event_calendar: "immediately",
    });
  });

  it("refuses a forged, altered or unknown link with a clear page, and changes nothing", async () => {
    const ada = await reader("Ada Target");
    const before = await ada.mailOf();
    const real = await unsubscribeToken(h.t.database.db, ada.id, "new_follower");
    const [, , signature] = real.split(".");
    const forged = [
      `${ada.id}.review_status_changed.${signature}`,
      `${ada.id + 1}.new_follower.${signature}`,
      `${ada.id}.new_follower.${signature.slice(1)}x`,
      `${ada.id}.new_follower`,
      `${ada.id}.gossip.${signature}`,
      "not-a-token",
      `999999.new_follower.${(await unsubscribeToken(h.t.database.db, 999999, "new_follower")).split(".")[2]}`,
    ];
    for (const token of forged) {
      const page = await open(token);
      expect(page, token).toMatchObject({ status: 404, data: { view: null, message: UNSUBSCRIBE_LINK_INVALID } });
      expect(renderPage(Unsubscribe, { path: "/unsubscribe/x", loaderData: page.data })).toContain("This link does not work");
      expect(await oneClick(token), token).toMatchObject({ status: 404, data: { message: UNSUBSCRIBE_LINK_INVALID } });
    }
    // A POST without the one-click field is not an unsubscribe.
    expect(await oneClick(real, { other: "x" })).toMatchObject({ status: 400 });
    expect(await ada.mailOf()).toEqual(before);
  });
});
