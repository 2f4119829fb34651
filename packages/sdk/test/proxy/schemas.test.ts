import { describe, expect, it } from 'vitest';
import {
  PROXY_CHECK_ERROR_CLASSES,
  proxyCheckRequestSchema,
  proxyCheckResultSchema,
  proxyDraftSchema,
  proxySchema,
  proxyStatusUpdatedSchema,
  validateProxyHost,
  validateProxyPort,
} from '../../src/domain/index.ts';

describe('host and port rules', () => {
  it('accept IPs and domain names, refuse the rest with the spec text', () => {
    for (const host of ['1.2.3.4', 'gate.example.com', 'localhost', '[::1]', '2001:db8::1']) {
      expect(validateProxyHost(host), host).toBeNull();
    }
    for (const host of [
      '',
      '1.2.3.256',
      '1.2.3',
      'bad_host',
      '-a.com',
      'a..b',
      'example.123',
      'fe80::1%eth0',
    ]) {
      expect(validateProxyHost(host)?.ru, host).toBe('Введите корректный IP-адрес или доменное имя');
    }
  });

  it('accept ports 1..65535 given as digits or numbers', () => {
    for (const port of ['1', '65535', 8080, ' 443 '])
      expect(validateProxyPort(port), String(port)).toBeNull();
    for (const port of ['0', '65536', '-1', '80.5', 'abc', '', 3.5, 0]) {
      expect(validateProxyPort(port)?.ru, String(port)).toBe('Порт должен быть числом от 1 до 65535');
    }
  });
});

describe('zod shapes', () => {
  it('normalise a proxy draft and carry the spec message and code on bad fields', () => {
    expect(
      proxyDraftSchema.parse({
        protocol: 3,
        host: '[2001:DB8::1]',
        port: '1080',
        credentials: { username: 'u', password: '' },
        name: ' Main ',
      }),
    ).toEqual({
      protocol: 3,
      host: '2001:db8::1',
      port: 1080,
      credentials: { username: 'u', password: '' },
      name: 'Main',
    });
    const bad = proxyDraftSchema.safeParse({
      protocol: 7,
      host: 'x_y',
      port: 0,
      credentials: null,
      name: null,
    });
    expect(bad.success).toBe(false);
    const issues = bad.error!.issues;
    expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual(['host', 'port', 'protocol']);
    const host = issues.find((issue) => issue.path[0] === 'host')!;
    expect(host.message).toBe('Введите корректный IP-адрес или доменное имя');
    expect((host as { params?: unknown }).params).toEqual({ proxyIssue: 'invalid_host' });
  });

  it('describe the proxy entity without passwords', () => {
    const entity = {
      id: 1,
      proxyName: null,
      identity: { protocol: 0, address: '1.2.3.4', port: 80 },
      credentials: { username: 'u', hasPassword: true },
      metadata: { countryCode: 'DE' },
      steamAccounts: [],
      tags: [{ id: 2, name: 'ru' }],
      status: 1,
    };
    expect(proxySchema.parse(entity)).toEqual(entity);
    expect(
      proxySchema.parse({ ...entity, credentials: { username: 'u', hasPassword: true, password: 'x' } })
        .credentials,
    ).toEqual({
      username: 'u',
      hasPassword: true,
    });
    expect(proxySchema.safeParse({ ...entity, status: 6 }).success).toBe(false);
  });

  it('describe check results, the check map and the live event', () => {
    expect(PROXY_CHECK_ERROR_CLASSES).toEqual([
      'refused',
      'timeout',
      'auth_failed',
      'bad_response',
      'tls',
      'dns',
      'private_address',
    ]);
    const result = { valid: false, latencyMs: null, exitIp: null, countryCode: null, errorClass: 'timeout' };
    expect(proxyCheckResultSchema.parse(result)).toEqual(result);
    expect(proxyCheckResultSchema.safeParse({ ...result, errorClass: 'weird' }).success).toBe(false);
    expect(
      proxyCheckRequestSchema.parse({
        '17': { protocol: 3, address: '1.2.3.4', port: '1080', username: 'u', password: 'p' },
      }),
    ).toEqual({ '17': { protocol: 3, address: '1.2.3.4', port: 1080, username: 'u', password: 'p' } });
    const event = { ...result, id: 17, result: 0, status: 3, checkedAt: '2026-01-01T00:00:00Z' };
    expect(proxyStatusUpdatedSchema.parse(event)).toEqual(event);
  });
});
