import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real SMTP server with a web inbox (MailDev), in-process: the demo's local inbox and the
 * tests' mail catcher. MailDev keeps its state in module singletons, so one runs per process.
 */
export interface CaughtMail {
  to: string[];
  /** The From header's name and address (a dealer's mail to its customer carries the dealer's name). */
  from: Array<{ name: string; address: string }>;
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Files the mail carries (inline ones have a contentId), each downloadable from the inbox at `url`. */
  attachments: Array<{ fileName: string; contentType: string; contentId: string | null; url: string }>;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL should be. */
  smtpUrl: string;
  /** The web inbox, e.g. `http://127.0.0.1:1080`. */
  webUrl: string;
  /** Every message received so far, oldest first (read through the inbox's REST API). */
  messages(): Promise<CaughtMail[]>;
  stop(): Promise<void>;
}

interface MailDevServer {
  listen(): Promise<void>;
  close(callback?: (error?: Error) => void): void;
}
type MailDevFactory = new (options: Record<string, unknown>) => MailDevServer;

interface MailDevEmail {
  id: string;
  to?: Array<{ address: string }>;
  from?: Array<{ address: string; name?: string }>;
  replyTo?: Array<{ address: string }>;
  attachments?: Array<{
    fileName?: string;
    contentType?: string;
    contentId?: string;
    generatedFileName: string;
  }> | null;
  subject?: string;
  text?: string;
  html?: string;
}

// MailDev is CommonJS without type declarations.
const MailDev = createRequire(import.meta.url)('maildev') as MailDevFactory;
const HOST = '127.0.0.1';
let running = false;

/** A port free right now (the OS picks it; the tiny race until MailDev binds it is acceptable in tests). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, deadlineMs = 5_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`mail catcher web inbox did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startMailCatcher(options: { smtpPort?: number; webPort?: number } = {}): Promise<MailCatcher> {
  if (running) throw new Error('A mail catcher is already running in this process (MailDev is a singleton)');
  running = true;
  try {
    const smtpPort = options.smtpPort ?? (await freePort());
    const webPort = options.webPort ?? (await freePort());
    const mailDirectory = await mkdtemp(path.join(os.tmpdir(), 'mail-catcher-'));

    // MailDev installs SIGINT/SIGTERM handlers that exit the process: the host process owns its signals.
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const server = new MailDev({ smtp: smtpPort, web: webPort, ip: HOST, mailDirectory, silent: true });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) {
        if (!before[signal].includes(listener)) process.removeListener(signal, listener);
      }
    }
    await server.listen();
    const webUrl = `http://${HOST}:${webPort}`;
    await waitForHttp(`${webUrl}/email`);

    return {
      smtpUrl: `smtp://${HOST}:${smtpPort}`,
      webUrl,
      async messages() {
        const response = await fetch(`${webUrl}/email`);
        if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
        const emails = (await response.json()) as MailDevEmail[];
        return emails.map((email) => ({
          to: (email.to ?? []).map((recipient) => recipient.address),
          from: (email.from ?? []).map((sender) => ({ name: sender.name ?? '', address: sender.address })),
          replyTo: (email.replyTo ?? []).map((recipient) => recipient.address),
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
          attachments: (email.attachments ?? []).map((file) => ({
            fileName: file.fileName ?? '',
            contentType: file.contentType ?? '',
            contentId: file.contentId ?? null,
            url: `${webUrl}/email/${email.id}/attachment/${encodeURIComponent(file.generatedFileName)}`,
          })),
        }));
      },
      async stop() {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(mailDirectory, { recursive: true, force: true });
        running = false;
      },
    };
  } catch (error) {
    running = false;
    throw error;
  }
}
