import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server on loopback for server tests: what the product's mail channel delivers arrives
 * here and is read with mailparser, so a test sees the mail an attendee would (not a mock of nodemailer).
 */
export interface LoopbackSmtp {
  /** SMTP_URL for buildTestApp's smtpUrl. */
  url: string;
  mails: ParsedMail[];
  /** The mails delivered to `address` so far. */
  to(address: string): ParsedMail[];
  /** Waits (polling every 20 ms) until `address` has received `count` mails; fails saying whom it waited for. */
  waitFor(address: string, timeoutMs?: number, count?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server on a free loopback port, plain (no TLS, no AUTH), with the test's own handlers: what
 * every SMTP test server here shares. Its SMTP_URL is `smtp://127.0.0.1:<port>`.
 */
export async function listenSmtp(handlers: Pick<SMTPServerOptions, 'onData' | 'onClose'>): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    authOptional: true,
    // The reverse DNS lookup of 127.0.0.1 can take seconds on a machine without a resolver.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...handlers,
  });
  // A client that drops its connection (a closed app, a killed server, a reset) is not the test's failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
}

export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const mails: ParsedMail[] = [];
  const { server, url } = await listenSmtp({
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const to = (address: string) =>
    mails.filter((mail) => [mail.to ?? []].flat().some((group) => group.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())));
  return {
    url,
    mails,
    to,
    async waitFor(address, timeoutMs = 10_000, count = 1) {
      const end = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > end) throw new Error(`no mail to ${address} within ${timeoutMs} ms (${mails.length} mails to others)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
