import type { Socket } from 'node:net';
import { isIPv4, isIPv6 } from 'node:net';
import type { ProxyCredentials } from '@tradedeck/sdk/domain';
import { CheckFailure } from './errors.ts';
import { readHttpHead } from './http-response.ts';
import type { SocketReader } from './socket-reader.ts';

/** Where the tunnel should lead: a name, and the address it was resolved to once (null: let the proxy resolve). */
export interface TunnelDestination {
  host: string;
  address: string | null;
  port: number;
}

export function basicProxyAuthorization(credentials: ProxyCredentials | null): string {
  if (!credentials) return '';
  const token = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
  return `Proxy-Authorization: Basic ${token}\r\n`;
}

/** `CONNECT host:port`; 200 opens the tunnel, 407 means the credentials were refused. */
export async function httpConnect(
  socket: Socket,
  reader: SocketReader,
  destination: TunnelDestination,
  credentials: ProxyCredentials | null,
): Promise<void> {
  const authority = `${isIPv6(destination.host) ? `[${destination.host}]` : destination.host}:${destination.port}`;
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${basicProxyAuthorization(credentials)}\r\n`,
  );
  const head = await readHttpHead(reader);
  if (head.status === 407) throw new CheckFailure('auth_failed', 'the proxy refused the credentials (407)');
  if (head.status < 200 || head.status > 299) {
    throw new CheckFailure('bad_response', `CONNECT answered ${head.status}`);
  }
}

const SOCKS5_NO_AUTH = 0x00;
const SOCKS5_USER_PASS = 0x02;
const SOCKS5_NO_METHOD = 0xff;
const SOCKS5_GREETING = Buffer.from([0x05, 0x01, SOCKS5_NO_AUTH]);
const SOCKS5_GREETING_WITH_AUTH = Buffer.from([0x05, 0x02, SOCKS5_NO_AUTH, SOCKS5_USER_PASS]);

/** Requests that depend only on where the tunnel leads, encoded once per destination (a batch shares one). */
const encodedRequests = new WeakMap<TunnelDestination, Map<string, Buffer>>();

function encodedOnce(destination: TunnelDestination, key: string, encode: () => Buffer): Buffer {
  let requests = encodedRequests.get(destination);
  if (!requests) {
    requests = new Map();
    encodedRequests.set(destination, requests);
  }
  let bytes = requests.get(key);
  if (!bytes) {
    bytes = encode();
    requests.set(key, bytes);
  }
  return bytes;
}

/** SOCKS5 (RFC 1928) with username/password authentication (RFC 1929). */
export async function socks5Connect(
  socket: Socket,
  reader: SocketReader,
  destination: TunnelDestination,
  credentials: ProxyCredentials | null,
  remoteDns: boolean,
): Promise<void> {
  socket.write(credentials ? SOCKS5_GREETING_WITH_AUTH : SOCKS5_GREETING);
  const choice = await reader.read(2);
  if (choice[0] !== 0x05) throw new CheckFailure('bad_response', 'not a SOCKS5 server');
  if (choice[1] === SOCKS5_NO_METHOD) {
    throw new CheckFailure(
      'auth_failed',
      credentials ? 'no accepted SOCKS5 method' : 'the proxy wants credentials',
    );
  }
  if (choice[1] === SOCKS5_USER_PASS) {
    if (!credentials) throw new CheckFailure('bad_response', 'the proxy chose a method that was not offered');
    const username = Buffer.from(credentials.username, 'utf8');
    const password = Buffer.from(credentials.password, 'utf8');
    if (username.length > 255 || password.length > 255) {
      throw new CheckFailure('auth_failed', 'SOCKS5 takes at most 255 bytes of login and of password');
    }
    socket.write(
      Buffer.concat([
        Buffer.from([0x01, username.length]),
        username,
        Buffer.from([password.length]),
        password,
      ]),
    );
    const status = await reader.read(2);
    if (status[1] !== 0x00) throw new CheckFailure('auth_failed', 'the proxy refused the credentials');
  } else if (choice[1] !== SOCKS5_NO_AUTH) {
    throw new CheckFailure('bad_response', `the proxy chose an unknown method ${choice[1]}`);
  }

  socket.write(
    encodedOnce(destination, remoteDns ? 'socks5 remote' : 'socks5', () =>
      Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), socks5Address(destination, remoteDns)]),
    ),
  );
  // The whole reply in one read: its length follows from the kind of bound address (byte 3).
  await reader.readMessage(socks5ReplyLength);
}

/** Length of a SOCKS5 reply from its first bytes, -1 while too few have arrived; throws on a refusal. */
function socks5ReplyLength(reply: Buffer): number {
  if (reply.length >= 1 && reply[0] !== 0x05) throw new CheckFailure('bad_response', 'bad SOCKS5 reply');
  if (reply.length >= 2 && reply[1] !== 0x00)
    throw new CheckFailure('bad_response', `SOCKS5 could not connect (reply ${reply[1]})`);
  if (reply.length < 5) return -1;
  const kind = reply[3];
  const addressLength = kind === 0x01 ? 4 : kind === 0x04 ? 16 : kind === 0x03 ? reply[4]! + 1 : -1;
  if (addressLength < 0) throw new CheckFailure('bad_response', 'bad SOCKS5 bound address');
  const length = 4 + addressLength + 2;
  return reply.length >= length ? length : -1;
}

function socks5Address(destination: TunnelDestination, remoteDns: boolean): Buffer {
  const port = Buffer.from([destination.port >> 8, destination.port & 0xff]);
  const address = remoteDns ? null : destination.address;
  if (address && isIPv4(address))
    return Buffer.concat([Buffer.from([0x01, ...address.split('.').map(Number)]), port]);
  if (address && isIPv6(address)) return Buffer.concat([Buffer.from([0x04]), ipv6Bytes(address), port]);
  const name = Buffer.from(destination.host, 'utf8');
  return Buffer.concat([Buffer.from([0x03, name.length]), name, port]);
}

function ipv6Bytes(address: string): Buffer {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail = ''] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = groups(tail);
  const all = text.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const bytes = Buffer.alloc(16);
  for (let i = 0; i < 8; i++) bytes.writeUInt16BE(Number.parseInt(all[i] ?? '0', 16), i * 2);
  return bytes;
}

/**
 * SOCKS4 CONNECT with a user id; SOCKS4a (the proxy resolves the name) when no IPv4 address is known.
 * A refusal (91) when a user id was given, or an identd failure (92, 93), counts as refused credentials.
 */
export async function socks4Connect(
  socket: Socket,
  reader: SocketReader,
  destination: TunnelDestination,
  userId: string,
): Promise<void> {
  // Without a user id (the usual case) the request is the same for the whole batch.
  socket.write(
    userId === ''
      ? encodedOnce(destination, 'socks4', () => socks4Request(destination, userId))
      : socks4Request(destination, userId),
  );
  const reply = await reader.read(8);
  if (reply[0] !== 0x00 && reply[0] !== 0x04) throw new CheckFailure('bad_response', 'not a SOCKS4 server');
  const code = reply[1];
  if (code === 0x5a) return;
  if (code === 0x5c || code === 0x5d || (code === 0x5b && userId !== '')) {
    throw new CheckFailure('auth_failed', `SOCKS4 refused the user id (reply ${code})`);
  }
  throw new CheckFailure('bad_response', `SOCKS4 could not connect (reply ${code})`);
}

function socks4Request(destination: TunnelDestination, userId: string): Buffer {
  const address = destination.address && isIPv4(destination.address) ? destination.address : null;
  const user = Buffer.from(userId, 'utf8');
  const head = Buffer.from([
    0x04,
    0x01,
    destination.port >> 8,
    destination.port & 0xff,
    ...(address ? address.split('.').map(Number) : [0, 0, 0, 1]),
  ]);
  const name = address
    ? Buffer.alloc(0)
    : Buffer.concat([Buffer.from(destination.host, 'utf8'), Buffer.from([0])]);
  return Buffer.concat([head, user, Buffer.from([0]), name]);
}
