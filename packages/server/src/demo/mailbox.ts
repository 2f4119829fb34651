import type { Mail } from '../modules/mail/index.ts';

/**
 * The demo user's mail, as the demo's outbox keeps it. The demo has no mail server and the server log names only
 * a mail's recipient, so the demo's own console shows its own user's codes and links (this throw-away instance
 * only; never the server log).
 */
export class DemoMailbox {
  #last: Mail | null = null;
  readonly #followers = new Set<(line: string) => void>();

  constructor(private readonly address: string) {}

  /** The outbox's listener: keeps the demo user's mail and shows it to whoever follows. */
  readonly kept = (mail: Mail): void => {
    if (mail.to !== this.address) return;
    this.#last = mail;
    const line = `  mail to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`;
    for (const follower of this.#followers) follower(line);
  };

  /** Shows each mail to the demo user from now on, one line each; returns how to stop. */
  follow(show: (line: string) => void): () => void {
    this.#followers.add(show);
    return () => this.#followers.delete(show);
  }

  /** The one-time code of the last mail to the demo user (mail is kept before the request that sends it answers). */
  lastCode(): string {
    const code = this.#last && /\b(\d{6})\b/.exec(this.#last.subject)?.[1];
    if (!code) throw new Error('no code was mailed to the demo user');
    return code;
  }
}
