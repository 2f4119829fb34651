import { describe, expect, it } from 'vitest';
import { type DescribedServer, describeServer } from './server-output.ts';

const REFUSAL =
  '{"level":30,"res":{"statusCode":503},"msg":"request aborted - refusing to accept new requests as server is closing"}';

function server(output: string, child: Partial<DescribedServer['child']>): DescribedServer {
  return { child: { pid: 424, exitCode: null, signalCode: null, ...child }, output: () => output };
}

describe('a spawned server described for a failed test', () => {
  it('keeps why it stopped when a poll filled its output with refusals', () => {
    const output = ['{"msg":"shutting down","signal":"storage failure"}', ...Array(200).fill(REFUSAL)].join(
      '\n',
    );
    const text = describeServer(server(output, { exitCode: 1 }), 300);
    expect(text).toContain('the server: ended (pid 424, exit code 1)');
    expect(text).toContain('"signal":"storage failure"');
    expect(text).toContain('(200 requests refused while the server was stopping, left out)');
    expect(text).not.toContain('refusing to accept');
  });

  it('says a server still runs, or the signal that ended it', () => {
    expect(describeServer(server('ready', {}))).toBe('the server: running (pid 424)\nready');
    expect(describeServer(server('', { signalCode: 'SIGKILL' }))).toContain(
      'ended (pid 424, signal SIGKILL)',
    );
  });
});
