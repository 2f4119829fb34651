import { describe, expect, it } from 'vitest';
import { jwtExpiresAt, readJwtPayload } from '../src/domain/jwt.ts';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${part({ alg: 'HS256' })}.${part(payload)}.c2ln`;

describe('JWT payloads', () => {
  it('reads the payload and the expiry of a token', () => {
    expect(readJwtPayload(token({ sub: '7', exp: 1_800_000_000 }))).toEqual({ sub: '7', exp: 1_800_000_000 });
    expect(jwtExpiresAt(token({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('gives null for what is no token, a payload that is no object, or no expiry', () => {
    expect(readJwtPayload('not a token')).toBeNull();
    expect(readJwtPayload(`${part({})}.!!!.sig`)).toBeNull();
    expect(readJwtPayload(token([1, 2]))).toBeNull();
    expect(readJwtPayload(`${part({})}.${Buffer.from('{oops').toString('base64url')}.sig`)).toBeNull();
    expect(jwtExpiresAt(token({ sub: '7' }))).toBeNull();
  });
});
