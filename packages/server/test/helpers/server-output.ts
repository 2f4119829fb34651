/** What a failed test says of a server process it spawned (spawn-server.ts), kept apart so pure tests can check it. */

/** The parts of a spawned server this reads. */
export interface DescribedServer {
  child: { pid?: number | undefined; exitCode: number | null; signalCode: NodeJS.Signals | null };
  output(): string;
}

/** Fastify's answer to every request once the server has begun to stop. */
const REFUSED_WHILE_CLOSING = 'refusing to accept new requests as server is closing';

/**
 * A spawned server's state and the end of its output, for a test's failure: whether it still runs or how it
 * ended, and its last `chars` of output with the requests refused while it was stopping counted in one line, so a
 * poll against a stopping server does not push out the lines that say why it stopped.
 */
export function describeServer(server: DescribedServer, chars = 4000): string {
  const { exitCode, signalCode, pid } = server.child;
  const state =
    exitCode === null && signalCode === null
      ? `running (pid ${pid})`
      : `ended (pid ${pid}, ${signalCode ? `signal ${signalCode}` : `exit code ${exitCode}`})`;
  const lines = server.output().split('\n');
  const refused = lines.filter((line) => line.includes(REFUSED_WHILE_CLOSING)).length;
  const kept = lines.filter((line) => !line.includes(REFUSED_WHILE_CLOSING)).join('\n');
  const note = refused > 0 ? `\n(${refused} requests refused while the server was stopping, left out)` : '';
  return `the server: ${state}\n${kept.slice(-chars)}${note}`;
}
