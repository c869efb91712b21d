/**
 * Every text of the mail frame reads at WCAG AA (4.5:1) on what is behind it, in the light styles (inline)
 * and in the dark ones (the `prefers-color-scheme: dark` rules of the mail's <style>, applied by class),
 * worked out from the rendered HTML as a mail client would lay it: a text's colour is its own or inherited,
 * its background the nearest one set on it or around it.
 */
import { describe, expect, it } from "vitest";
import { renderMail } from "../render.tsx";
import { DigestMail } from "./digest.tsx";
import { EventReminderMail } from "./event-mail.tsx";
import { NotificationMail } from "./notification.tsx";
import { TestMessage } from "./test-message.tsx";

const links = {
  appUrl: "https://launchpad.example.com",
  unsubscribeUrl: "https://launchpad.example.com/unsubscribe/x",
  settingsUrl: "https://launchpad.example.com/settings",
};

const TEMPLATES = {
  "a test message": TestMessage({
    ...links,
    name: "Ada",
    sentAt: new Date("2026-12-01T17:00:00Z"),
    dates: { timeZone: "UTC", dateFormat: "iso" },
  }),
  "a notification": NotificationMail({
    ...links,
    name: "Ada",
    title: "Doors open",
    body: "At 9.\n\nBring a ticket.",
    url: "/x",
    about: "Announcements",
  }),
  "the digest": DigestMail({
    ...links,
    name: "Ada",
    day: "1 Dec 2026",
    sections: [{ about: "Followers", lines: [{ title: "Alan follows you", body: "Hi", url: "/a" }] }],
  }),
  "an event reminder": EventReminderMail({
    ...links,
    name: "Ada",
    path: "/form-submission?form_id=1",
    about: "Calendar mail",
    event: {
      title: "Demo day",
      when: "Fri, 1 Jun 2035, 18:00",
      where: "Online",
      join: { label: "Join online", url: "https://meet.example.com/x" },
    },
  }),
};

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

type Colours = { color?: string; background?: string };

/** `color` and `background(-color)` of a style text (inline, or a rule's body). */
function coloursOf(style: string): Colours & { hidden: boolean } {
  const found: Colours & { hidden: boolean } = { hidden: /display\s*:\s*none/.test(style) };
  for (const [, name, value] of style.matchAll(/(?:^|;)\s*([a-z-]+)\s*:\s*(#[0-9a-fA-F]{6})/g)) {
    if (name === "color") found.color = value.toLowerCase();
    if (name === "background-color" || name === "background") found.background = value.toLowerCase();
  }
  return found;
}

/** The class rules inside the dark-scheme media query. */
function darkRules(html: string): Map<string, Colours> {
  const media = /@media \(prefers-color-scheme: dark\)\s*\{([\s\S]*?)\n\s*\}/.exec(html);
  expect(media, "the mail has dark-scheme styles").not.toBeNull();
  const rules = new Map<string, Colours>();
  for (const [, name, body] of media![1].matchAll(/\.([\w-]+)\s*\{([^}]*)\}/g)) rules.set(name, coloursOf(body));
  return rules;
}

const VOID = new Set(["meta", "hr", "br", "img", "link", "input"]);

interface TextRun {
  text: string;
  light: Colours;
  dark: Colours;
}

/** Every visible text of the body with the colour it is drawn in and the background behind it, in both schemes. */
function textRuns(html: string): TextRun[] {
  const dark = darkRules(html);
  const body = html.slice(html.indexOf("<body"));
  const stack: { tag: string; light: Colours; dark: Colours; hidden: boolean }[] = [
    { tag: "", light: { color: "#000000", background: "#ffffff" }, dark: {}, hidden: false },
  ];
  const runs: TextRun[] = [];
  for (const [, closing, tag, attributes, text] of body.replace(/<!--[\s\S]*?-->/g, "").matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const parent = stack[stack.length - 1];
    if (text !== undefined) {
      if (text.trim() && !parent.hidden) runs.push({ text: text.trim(), light: parent.light, dark: parent.dark });
      continue;
    }
    if (closing) {
      stack.pop();
      continue;
    }
    const own = coloursOf(/style="([^"]*)"/.exec(attributes)?.[1] ?? "");
    const classes = (/class="([^"]*)"/.exec(attributes)?.[1] ?? "").split(/\s+/);
    const overrides: Colours = Object.assign({}, ...classes.map((name) => dark.get(name) ?? {}));
    const light = { color: own.color ?? parent.light.color, background: own.background ?? parent.light.background };
    const element = {
      tag,
      light,
      dark: {
        color: overrides.color ?? own.color ?? parent.dark.color ?? light.color,
        background: overrides.background ?? own.background ?? parent.dark.background ?? light.background,
      },
      hidden: parent.hidden || own.hidden,
    };
    if (!VOID.has(tag.toLowerCase()) && !attributes.trimEnd().endsWith("/")) stack.push(element);
  }
  return runs;
}

describe("the mail frame's colours", () => {
  it.each(Object.entries(TEMPLATES))("give every text of %s at least 4.5:1 in the light and the dark scheme", async (_name, element) => {
    const { html } = await renderMail(element);
    const runs = textRuns(html);
    expect(runs.map((run) => run.text)).toContain("Launchpad");
    const below = runs.flatMap((run) =>
      (["light", "dark"] as const)
        .map((scheme) => ({ scheme, text: run.text, ...run[scheme], ratio: contrast(run[scheme].color!, run[scheme].background!) }))
        .filter((seen) => seen.ratio < 4.5)
        .map((seen) => `${seen.scheme}: "${seen.text}" ${seen.color} on ${seen.background} is ${seen.ratio.toFixed(2)}:1`),
    );
    expect(below).toEqual([]);
  });

  it("measures as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrast("#e2e8f0", "#f1f5f9")).toBeCloseTo(1.13, 2);
  });
});
