import { parseProxyList } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStall, heldNoTurn, type LoopStall, probeLoopStalls } from '../helpers/loop-stall-probe.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

/**
 * A 100,000-line `proxies.parse` used to hold the event loop for seconds (the whole list parsed, hashed, looked up
 * and serialized in one go). It now reads the list a chunk at a time and writes its answer a slice at a time, with
 * turns of the loop between: no turn of the loop over 100 ms of its own work, and the same answer as the list read
 * in one piece. On a loaded machine a turn over 100 ms passes when it is a small share of all the loop's work
 * (test/helpers/loop-stall-probe.ts).
 */
const MAX_STALL_MS = 100;
const LINES = 100_000;

/** Plain, credentialed, invalid and repeated lines, so every kind of verdict crosses chunk boundaries. */
function longList(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const address = `${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${1000 + (i % 50_000)}`;
    if (i % 997 === 0) lines.push(`bad line ${i}`);
    else if (i % 1009 === 0) lines.push(lines[i - 1]!);
    else if (i % 3 === 0) lines.push(`user${i}:pw${i}@10.${address}`);
    else lines.push(`198.${address}`);
  }
  return lines;
}

describe('proxies.parse of a 100,000-line list', () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
  }, 60_000);
  afterAll(async () => s?.t.close());

  it('gives the one-piece answer without holding the event loop over 100 ms', async () => {
    const lines = longList();
    // A few lines the user already has, spread over the list: they answer as stored duplicates.
    const storedLines = [5, 2_500, 51_001, 99_998].map((index) => lines[index]!);
    await addLines(s.t, s.a, storedLines);
    const text = lines.join('\n');

    // The least of up to three reads is bounded, as in http/body-stall: on a loaded machine the kernel books a
    // thread's time late, and one read can carry another's.
    const stalls: LoopStall[] = [];
    let res: Awaited<ReturnType<typeof callAs>> | undefined;
    for (let read = 0; read < 3 && !stalls.some((one) => heldNoTurn(one, MAX_STALL_MS)); read++) {
      const probe = probeLoopStalls();
      res = await callAs(s.t, s.a, 'POST', '/api/proxies/parse', { proxies: text });
      stalls.push(await probe.stop());
    }
    const answer = dataOf(res!);

    // The same list read in one piece by the shared parser, stored lines moved to the duplicates.
    const whole = parseProxyList(text);
    const stored = new Set(storedLines);
    const fresh = whole.proxies.filter((line) => !stored.has(line.text));
    expect(answer.proxies).toEqual(
      fresh.map(({ line, text: echoed, proxy }) => ({
        line,
        text: echoed,
        protocol: proxy.protocol,
        address: proxy.host,
        port: proxy.port,
        username: proxy.credentials?.username ?? null,
        password: proxy.credentials ? proxy.credentials.password : null,
        name: proxy.name,
      })),
    );
    expect(answer.invalid.map((issue: { line: number; code: string }) => [issue.line, issue.code])).toEqual(
      whole.invalid.map((line) => [line.line, line.reason.code]),
    );
    const expectedDuplicates = [
      ...whole.duplicates.map((line) => [line.line, 'already_exists']),
      ...whole.proxies.filter((line) => stored.has(line.text)).map((line) => [line.line, 'already_exists']),
    ].sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(
      answer.duplicates.map((issue: { line: number; code: string }) => [issue.line, issue.code]),
    ).toEqual(expectedDuplicates);
    expect(answer.proxies.length + answer.invalid.length + answer.duplicates.length).toBe(LINES);

    expect(
      stalls.some((one) => heldNoTurn(one, MAX_STALL_MS)),
      stalls.map(describeStall).join('; '),
    ).toBe(true);
  }, 120_000);
});
