import { CheckFailure } from './errors.ts';
import type { SocketReader } from './socket-reader.ts';

const MAX_HEAD_BYTES = 32 * 1024;

export interface HttpHead {
  status: number;
  headers: Map<string, string>;
}

export interface HttpResponse extends HttpHead {
  body: Buffer;
}

/** Reads a status line and headers. Anything that is not HTTP/1.x is a bad response. */
export async function readHttpHead(reader: SocketReader): Promise<HttpHead> {
  const raw = (await reader.readUntil('\r\n\r\n', MAX_HEAD_BYTES)).toString('latin1');
  const lines = raw.split('\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(lines[0] ?? '');
  if (!statusLine) throw new CheckFailure('bad_response', 'the answer is not HTTP');
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine[1]), headers };
}

/**
 * Reads a whole response to a request sent with `Connection: close`: by Content-Length, chunked, or to the end.
 * Bodies are cut at `maxBody` bytes: the status is what decides, the body only serves to find the exit IP.
 */
export async function readHttpResponse(reader: SocketReader, maxBody: number): Promise<HttpResponse> {
  const head = await readHttpHead(reader);
  if (head.status === 204 || head.status === 304 || (head.status >= 100 && head.status < 200)) {
    return { ...head, body: Buffer.alloc(0) };
  }
  const encoding = head.headers.get('transfer-encoding')?.toLowerCase() ?? '';
  if (encoding.includes('chunked')) return { ...head, body: await readChunked(reader, maxBody) };
  const length = head.headers.get('content-length');
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) throw new CheckFailure('bad_response', 'bad Content-Length');
    return { ...head, body: await reader.read(Math.min(Number(length), maxBody)) };
  }
  return { ...head, body: await reader.readToEnd(maxBody) };
}

async function readChunked(reader: SocketReader, maxBody: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  for (;;) {
    const sizeLine = (await reader.readUntil('\r\n', 1024)).toString('latin1');
    const size = Number.parseInt(sizeLine, 16);
    if (!Number.isFinite(size) || size < 0) throw new CheckFailure('bad_response', 'bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    const take = Math.min(size, maxBody - total);
    parts.push(await reader.read(take));
    total += take;
    if (total >= maxBody) return Buffer.concat(parts);
    await reader.read(2);
  }
}
