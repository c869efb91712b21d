/**
 * The SMTP fake as a process, for the browser tests' server (playwright.config.ts starts it and points
 * SMTP_URL at it). Specs read what it received over a small HTTP endpoint on a second port:
 *   GET /messages?to=address   the messages to that address (all without `to`), oldest first, as JSON
 * (tests/e2e/mailbox.ts reads it). Plain SMTP without a login: the app's own TLS and AUTH are the vitest
 * suites' business (api/mail/).
 */
import { createServer } from "node:http";
import { FAKE_SMTP_HOST, startFakeSmtp, type ReceivedMail } from "./smtp.ts";

/** A received message as the endpoint answers it (tests/e2e/mailbox.ts reads this shape). */
export interface MailboxMessage {
  to: string;
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: string;
}

const smtp = await startFakeSmtp({ port: Number(process.env.FAKE_SMTP_PORT ?? 3215) });
const received = new WeakMap<ReceivedMail, string>();
const receivedAt = (mail: ReceivedMail) => {
  let at = received.get(mail);
  if (!at) received.set(mail, (at = new Date().toISOString()));
  return at;
};

function asJson(mail: ReceivedMail): MailboxMessage {
  const headers: Record<string, string> = {};
  for (const line of mail.parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
  return {
    to: mail.to,
    from: mail.envelope.from,
    subject: mail.subject,
    messageId: mail.messageId,
    text: mail.text,
    html: mail.html,
    headers,
    receivedAt: receivedAt(mail),
  };
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method !== "GET" || url.pathname !== "/messages") {
    res.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = smtp.inbox.filter((mail) => !to || mail.envelope.to.some((address) => address.toLowerCase() === to)).map(asJson);
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
});
// The HTTP port last: the test runner waits for it, so the SMTP side listens by then.
http.listen(Number(process.env.FAKE_SMTP_HTTP_PORT ?? 3214), FAKE_SMTP_HOST, () => {
  console.log(`fake SMTP on ${smtp.url}, its mailbox on http://${FAKE_SMTP_HOST}:${process.env.FAKE_SMTP_HTTP_PORT ?? 3214}`);
});
