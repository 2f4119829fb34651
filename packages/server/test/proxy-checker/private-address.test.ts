import { ProxyProtocol } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import {
  type CheckTarget,
  checkProxy,
  isPrivateAddress,
  prepareCheckTarget,
} from '../../src/integrations/proxy-checker/index.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { startHttpProxy } from './helpers/proxy-servers.ts';

const options = { connectTimeoutMs: 3000, totalTimeoutMs: 5000 };

describe('proxy checks and the server’s own network', () => {
  let proxy: LoopbackServer;
  let target: CheckTarget;
  beforeAll(async () => {
    proxy = await startHttpProxy();
    target = await prepareCheckTarget('http://192.0.2.1/ip');
  });
  afterAll(() => proxy.close());

  it('refuses a proxy on a loopback address without connecting to it', async () => {
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Http, host: '127.0.0.1', port: proxy.port, credentials: null },
      target,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'private_address' });
    expect(outcome.detail).toMatch(/TRADEDECK_ALLOW_PRIVATE_PROXIES/);
    expect(proxy.accepted()).toBe(0);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Socks5, host: 'localhost', port: proxy.port, credentials: null },
      target,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'private_address' });
    expect(proxy.accepted()).toBe(0);
  });

  it('connects when an administrator allows private addresses', async () => {
    await checkProxy(
      { protocol: ProxyProtocol.Http, host: '127.0.0.1', port: proxy.port, credentials: null },
      target,
      { ...options, allowPrivateAddresses: true },
    );
    expect(proxy.accepted()).toBe(1);
  });

  it('tells private ranges from public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '203.0.113.10', '2001:4860:4860::8888', 'example.com']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('meets the IPv4 rules for every IPv6 form that carries an IPv4 address', () => {
    for (const address of [
      // IPv4-compatible (::/96), bracketed as a user types it, and in hex.
      '[::127.0.0.1]',
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8',
      // Mapped and translated, dotted and hex.
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      // NAT64: the translator is on the server's network, whatever the address.
      '64:ff9b::127.0.0.1',
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      // 6to4 of loopback, private and metadata addresses.
      '[2002:7f00:1::]',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::',
      '2002:c0a8:101:1::1',
      // Teredo: the client address is XOR-ed with ones (127.0.0.1 -> 80ff:fffe), the server in plain.
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001:0:7f00:1:8000:63bf:f7f7:f7f7',
      '2001:0:a00:1::',
      // Zone ids, site-local, discard and documentation ranges.
      'fe80::1%eth0',
      'fec0::1',
      '100::1',
      '2001:db8::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      '[2001:4860:4860::8888]',
      '2606:4700:4700::1111',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses a 6to4 form of loopback without connecting to it', async () => {
    const before = proxy.accepted();
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Http, host: '2002:7f00:1::', port: proxy.port, credentials: null },
      target,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'private_address' });
    expect(proxy.accepted()).toBe(before);
  });

  it('allows private proxies in sandbox mode and refuses them live unless TRADEDECK_ALLOW_PRIVATE_PROXIES is on', () => {
    expect(loadConfig({}).allowPrivateProxies).toBe(true);
    expect(loadConfig({ TRADEDECK_MODE: 'live' }).allowPrivateProxies).toBe(false);
    expect(
      loadConfig({ TRADEDECK_MODE: 'live', TRADEDECK_ALLOW_PRIVATE_PROXIES: 'on' }).allowPrivateProxies,
    ).toBe(true);
    expect(loadConfig({ TRADEDECK_ALLOW_PRIVATE_PROXIES: 'off' }).allowPrivateProxies).toBe(false);
    expect(() => loadConfig({ TRADEDECK_ALLOW_PRIVATE_PROXIES: 'maybe' })).toThrow(
      /TRADEDECK_ALLOW_PRIVATE_PROXIES/,
    );
  });
});
