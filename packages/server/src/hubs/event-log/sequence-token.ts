import { HubError } from '../protocol.ts';

/**
 * Sequence tokens are opaque to clients. Today a token names the last version the client has; the prefix
 * leaves room to change the format without misreading old tokens.
 */
const PREFIX = 't1:';

export function sequenceToken(version: number): string {
  return Buffer.from(`${PREFIX}${version}`, 'utf8').toString('base64url');
}

/** The version a token stands for; a malformed token fails the invocation with a clear message. */
export function versionOfToken(token: string): number {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const version = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 0 || sequenceToken(version) !== token) {
    throw new HubError('The sequence token is not valid; subscribe without a token and reload the state.');
  }
  return version;
}
