import { describe, expect, it } from 'vitest';
import {
  CheckTargetError,
  COUNTRY_DATA_ATTRIBUTION,
  checkUrlFromEnv,
  countryDatabase,
  DEFAULT_PROXY_CHECK_URL,
  prepareCheckTarget,
  readEcho,
} from '../../src/integrations/proxy-checker/index.ts';

describe('offline country database', () => {
  it('answers countries for public IPv4 and IPv6 addresses and nothing for private ones', () => {
    const db = countryDatabase();
    expect(db.countryOf('8.8.8.8')).toBe('US');
    expect(db.countryOf('77.88.8.8')).toBe('RU');
    expect(db.countryOf('2a02:6b8::1')).toBe('RU');
    expect(db.countryOf('127.0.0.1')).toBeNull();
    expect(db.countryOf('10.1.2.3')).toBeNull();
    expect(db.countryOf('not an ip')).toBeNull();
    expect(db.builtAt.getTime()).toBeGreaterThan(Date.parse('2024-01-01'));
    expect(COUNTRY_DATA_ATTRIBUTION.url).toBe('https://db-ip.com');
  });
});

describe('check target', () => {
  it('defaults to Steam over HTTPS and takes TRADEDECK_PROXY_CHECK_URL', async () => {
    expect(checkUrlFromEnv({})).toBe(DEFAULT_PROXY_CHECK_URL);
    expect(DEFAULT_PROXY_CHECK_URL).toBe('https://steamcommunity.com/');
    expect(checkUrlFromEnv({ TRADEDECK_PROXY_CHECK_URL: 'http://127.0.0.1:8080/api/proxy-judge' })).toBe(
      'http://127.0.0.1:8080/api/proxy-judge',
    );
    expect(() => checkUrlFromEnv({ TRADEDECK_PROXY_CHECK_URL: 'ftp://x' })).toThrow(CheckTargetError);
    expect(() => checkUrlFromEnv({ TRADEDECK_PROXY_CHECK_URL: 'not a url' })).toThrow(CheckTargetError);
  });

  it('parses ports, paths and the judge', async () => {
    const judge = await prepareCheckTarget('http://127.0.0.1:8080/api/proxy-judge?x=1');
    expect(judge).toMatchObject({
      secure: false,
      host: '127.0.0.1',
      port: 8080,
      path: '/api/proxy-judge?x=1',
      hostHeader: '127.0.0.1:8080',
      address: '127.0.0.1',
      isJudge: true,
    });
    const v6 = await prepareCheckTarget('https://[::1]/ip');
    expect(v6).toMatchObject({ secure: true, host: '::1', port: 443, isJudge: false, address: '::1' });
  });

  it('reads the exit IP from judge envelopes, IP-echo JSON and plain text', () => {
    const envelope = { success: true, data: { ip: '::ffff:1.2.3.4', marker: 'm' }, error: null };
    expect(readEcho(Buffer.from(JSON.stringify(envelope)))).toEqual({ ip: '1.2.3.4', marker: 'm' });
    expect(readEcho(Buffer.from('{"origin":"5.6.7.8, 9.9.9.9"}'))).toEqual({ ip: '5.6.7.8', marker: null });
    expect(readEcho(Buffer.from('2001:db8::1\n'))).toEqual({ ip: '2001:db8::1', marker: null });
    expect(readEcho(Buffer.from('<html>steam</html>'))).toEqual({ ip: null, marker: null });
    expect(readEcho(Buffer.from('{broken'))).toEqual({ ip: null, marker: null });
  });
});
