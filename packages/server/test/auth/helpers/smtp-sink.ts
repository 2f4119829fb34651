import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/**
 * A minimal SMTP server on loopback that accepts every message and keeps it, decoded, for assertions. It speaks
 * just enough of RFC 5321 for nodemailer: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  #server: Server | null = null;
  #waiters: Array<() => void> = [];

  async start(): Promise<string> {
    this.#server = createServer((socket) => this.#session(socket));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `smtp://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** Waits for the next mail to `to` (matching the subject if given) that arrived after `since` mails. */
  async waitFor(
    to: string,
    options: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    for (;;) {
      const found = this.mails
        .slice(options.since ?? 0)
        .find(
          (m) => m.to.includes(to.toLowerCase()) && (!options.subject || options.subject.test(m.subject)),
        );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} (${options.subject ?? 'any subject'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  #session(socket: Socket): void {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.mails.push({ from, to, ...parseMessage(raw), raw });
          for (const wake of this.#waiters.splice(0)) wake();
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          from = address(line);
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(address(line).toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  }
}

function address(line: string): string {
  return /<([^>]*)>/.exec(line)?.[1] ?? '';
}

function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  return { subject: decodeWords(header('Subject')), text };
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return bytes;
  }
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
