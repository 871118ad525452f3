import "server-only";
/**
 * The real mail path: nodemailer over SMTP, configured by SMTP_URL and MAIL_FROM. In development
 * and tests SMTP_URL points at the local catcher (scripts/mail-catcher.ts), so the same code runs.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";

const globalForMail = globalThis as unknown as { mailTransport?: { url: string; transport: Transporter } };

export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

function transport(url: string): Transporter {
  if (globalForMail.mailTransport?.url !== url) {
    globalForMail.mailTransport = {
      url,
      // Short timeouts: a mail server that does not answer fails this attempt, and the outbox retries.
      transport: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never),
    };
  }
  return globalForMail.mailTransport.transport;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Hands one mail to the SMTP server; throws when it is refused or unreachable. */
export async function sendMail(mail: OutgoingMail, smtpUrl: string | undefined = env().SMTP_URL): Promise<void> {
  if (!smtpUrl) throw new Error("SMTP_URL is not set: mail waits in the outbox until it is.");
  await transport(smtpUrl).sendMail({ from: env().MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}
