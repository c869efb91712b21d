import type { ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";

export interface RenderedMail {
  html: string;
  text: string;
}

/**
 * A mail template (a React element built on MailLayout) as the two parts every message carries: HTML, and
 * plain text made from that HTML, so the two never say different things. Rendered once, when queued: the
 * outbox keeps exactly what was sent.
 */
export async function renderMail(element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  const text = toPlainText(html, {
    // Headings in capitals (html-to-text's default) shout in a plain mail client; links keep their address.
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { html, text: text.trim() + "\n" };
}
