import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { generate } from "selfsigned";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/**
 * A loopback mail server that receives as a real one does (the smtp-server package: EHLO, STARTTLS, AUTH,
 * MAIL/RCPT/DATA) and keeps what it received, parsed (mailparser), so tests read headers, text and HTML.
 * It can require AUTH, offer STARTTLS or speak TLS from the start with a certificate made at start
 * (`cert`, for the client to trust), refuse chosen recipients with a 5xx (or 4xx) on RCPT, and go down and
 * come back on the same port. Waiting is on a condition (`waitFor`), never a fixed time.
 */
export interface FakeSmtpOptions {
  /** 0 (the default) picks a free port; it is kept across stop() and start(). */
  port?: number;
  /** Require this login (AUTH PLAIN/LOGIN); without it, no AUTH is offered and none is needed. */
  auth?: { user: string; pass: string };
  /** Offer STARTTLS with a self-signed certificate for localhost and 127.0.0.1. */
  starttls?: boolean;
  /** TLS from the first byte (smtps, port 465 style). */
  secure?: boolean;
}

export interface ReceivedMail {
  /** The envelope: MAIL FROM and the RCPT TO addresses, as the client gave them. */
  envelope: { from: string; to: string[] };
  /** Whether the connection was encrypted (STARTTLS or TLS from the start) and who logged in. */
  secure: boolean;
  user?: string;
  parsed: ParsedMail;
  raw: string;
  /** Convenience reads of `parsed`: the first To address, the Message-ID without angle brackets. */
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

export interface FakeSmtp {
  port: number;
  /** An SMTP_URL for this server (with the login when AUTH is required). */
  url: string;
  /** The certificate clients must trust when STARTTLS or TLS is on. */
  cert?: string;
  inbox: ReceivedMail[];
  /** Every RCPT TO seen, accepted or refused (to check that an address was not tried again). */
  recipientsTried: string[];
  /** Waits until the condition on the inbox holds; throws after `timeoutMs` with what the inbox holds. */
  waitFor(condition: (inbox: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Waits for one message matching, and answers it. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** RCPT TO this address is answered with `code` (550 by default: the mailbox does not exist). */
  refuse(address: string, code?: number): void;
  /** Accepts the address again. */
  accept(address: string): void;
  /** Stops listening and drops open connections: the mail server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_SMTP_HOST = "127.0.0.1";

async function selfSignedCertificate() {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: FAKE_SMTP_HOST },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

const firstAddress = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to[0] : to)?.value[0]?.address?.toLowerCase() ?? "";

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const tls = options.starttls || options.secure ? await selfSignedCertificate() : undefined;
  const refusals = new Map<string, number>();
  const waiters = new Set<() => void>();
  const inbox: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  const wake = () => waiters.forEach((waiter) => waiter());

  const serverOptions: SMTPServerOptions = {
    logger: false,
    secure: options.secure ?? false,
    ...(tls ?? {}),
    disabledCommands: [...(options.auth ? [] : ["AUTH"]), ...(options.starttls ? [] : ["STARTTLS"])],
    authOptional: !options.auth,
    // Without any TLS a test may still exercise AUTH (the login travels in clear on loopback only).
    allowInsecureAuth: !tls,
    // Connections still open when the server stops are cut at once: "down" means down.
    closeTimeout: 10,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      recipientsTried.push(to);
      const code = refusals.get(to);
      if (code) return callback(Object.assign(new Error(`<${to}>: mailbox unavailable`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            inbox.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              secure: session.secure,
              user: typeof session.user === "string" ? session.user : undefined,
              parsed,
              raw,
              to: firstAddress(parsed.to),
              subject: parsed.subject ?? "",
              messageId: (parsed.messageId ?? "").replace(/^<|>$/g, ""),
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
            });
            callback();
            wake();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };

  let server: SMTPServer | undefined;
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer(serverOptions);
      next.on("error", () => {}); // a client cut off mid-command is not the test's failure
      next.server.once("error", reject);
      next.listen(port, FAKE_SMTP_HOST, () => {
        port = (next.server.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await listen();
  const scheme = options.secure ? "smtps" : "smtp";
  const login = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";

  const waitFor = (condition: (inbox: ReceivedMail[]) => boolean, timeoutMs = 10_000) =>
    new Promise<ReceivedMail[]>((resolve, reject) => {
      const check = () => {
        if (!condition(inbox)) return;
        cleanup();
        resolve(inbox);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the fake SMTP server's inbox (${inbox.length}: ${inbox.map((m) => m.to).join(", ")}) never matched`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    get port() {
      return port;
    },
    get url() {
      return `${scheme}://${login}${FAKE_SMTP_HOST}:${port}`;
    },
    cert: tls?.cert,
    inbox,
    recipientsTried,
    waitFor,
    async waitForMail(match, timeoutMs) {
      const found = await waitFor((mails) => mails.some(match), timeoutMs);
      return found.find(match)!;
    },
    refuse(address, code = 550) {
      refusals.set(address.toLowerCase(), code);
    },
    accept(address) {
      refusals.delete(address.toLowerCase());
    },
    stop,
    start: listen,
    close: stop,
  };
}
