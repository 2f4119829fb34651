import WebSocket from 'ws';

const RS = '\u001e';

/** A bare WebSocket speaking the hub protocol by hand, to check the wire where the official client hides it. */
export class RawHubClient {
  readonly records: Array<Record<string, unknown>> = [];
  closeCode: number | null = null;
  frames = 0;
  #pending = '';

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames += 1;
      const parts = (this.#pending + data.toString()).split(RS);
      this.#pending = parts.pop() ?? '';
      for (const part of parts) this.records.push(JSON.parse(part));
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawHubClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      ws.once('open', () => resolve(new RawHubClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(...records: object[]): void {
    this.ws.send(records.map((r) => JSON.stringify(r) + RS).join(''));
  }

  async waitFor(predicate: (r: Record<string, unknown>) => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.records.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching record in ${JSON.stringify(this.records).slice(0, 2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async closed(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.closeCode;
  }
}

export interface NegotiateAnswer {
  negotiateVersion?: number;
  connectionId?: string;
  connectionToken?: string;
  availableTransports?: unknown;
  error?: string;
}

export async function negotiate(
  baseUrl: string,
  hub: string,
  token: string | null,
  query = '?negotiateVersion=1',
): Promise<{ status: number; body: NegotiateAnswer }> {
  const response = await fetch(`${baseUrl}/tenant/hubs/${hub}/negotiate${query}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body =
    response.status === 200 ? ((await response.json()) as NegotiateAnswer) : { error: await response.text() };
  return { status: response.status, body };
}

export function wsUrl(baseUrl: string, hub: string, query: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/tenant/hubs/${hub}${query}`;
}
