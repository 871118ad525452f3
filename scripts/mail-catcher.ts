/**
 * The local SMTP catcher for `npm run dev` and `npm test`: a real SMTP server (smtp-server) that
 * accepts every mail and keeps it, with a small HTTP API the app's development-only page
 * (/dev/mail) and the tests read:
 *   GET    /messages[?to=address]  newest first, as JSON
 *   DELETE /messages               forget them all
 * The app sends to it through the same nodemailer path as production (SMTP_URL). Kept mail is
 * written to `file` when given, so a restart of `npm run dev` keeps it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface MailCatcher {
  smtpUrl: string;
  httpUrl: string;
  stop: () => Promise<void>;
}

const KEEP = 500;

export async function startMailCatcher(opts: { smtpPort?: number; httpPort?: number; file?: string } = {}): Promise<MailCatcher> {
  let mails: CaughtMail[] = [];
  if (opts.file && fs.existsSync(opts.file)) {
    try {
      mails = JSON.parse(fs.readFileSync(opts.file, "utf8")) as CaughtMail[];
    } catch {
      mails = [];
    }
  }
  let nextId = mails.reduce((n, m) => Math.max(n, m.id), 0) + 1;
  const save = () => {
    if (opts.file) fs.writeFileSync(opts.file, JSON.stringify(mails));
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    banner: "Merchant Ops mail catcher",
    logger: false,
    // Nothing here needs the client's host name; a reverse lookup waits on DNS for every connection.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.unshift({
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            receivedAt: new Date().toISOString(),
          });
          mails = mails.slice(0, KEEP);
          save();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(opts.smtpPort ?? 0, "127.0.0.1", () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    if (req.method === "DELETE") {
      mails = [];
      save();
      res.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mails;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve, reject) => {
    api.once("error", reject);
    api.listen(opts.httpPort ?? 0, "127.0.0.1", () => resolve());
  });
  const httpPort = (api.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    stop: () => Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise<void>((r) => api.close(() => r()))]).then(() => undefined),
  };
}
