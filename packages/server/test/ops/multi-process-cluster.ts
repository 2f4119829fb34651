import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { ownerProcess } from '../../src/jobs/process-owner.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { type ThrowAwayPostgres, throwAwayPostgresClient } from '../hubs/postgres-cluster.ts';
import { RoundRobinFront, viaFront } from './round-robin-front.ts';

/** One line of the shared sandbox Steam journal: a change Steam made, and the process (`host:pid`) that made it. */
export interface JournalLine {
  op: string;
  steamId: string;
  process: string;
  offerId?: string;
  ids?: string[];
  input?: { message: string; itemsToGive: { assetId: string }[] };
}

/**
 * Three server processes (`main.ts`, sandbox mode) on one throw-away Postgres and one simulated Steam (a shared
 * journal), with the same master key, behind a loopback round-robin balancer. Registers the file's hooks: the
 * database and doors before, every process killed and the directory removed after. `unavailable` says why the
 * file cannot run (no Postgres).
 *
 * Each process listens on a port the system gives it at each start, and is reached at a door of its own: a
 * loopback port the test holds for the whole file, forwarding to the process's current port. A port released
 * by a killed process can be taken by any socket on the machine before the restart (an outgoing connection's
 * local port), so a restart never counts on getting it back.
 */
export function multiProcessCluster(prefix: string, env: () => Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const journal = join(dir, 'sandbox-steam.jsonl');
  const key = randomBytes(32).toString('base64');
  const doors: RoundRobinFront[] = [];
  const servers: SpawnedServer[] = [];
  let postgres: ThrowAwayPostgres | null = null;

  const cluster = {
    unavailable: null as string | null,
    db: null as unknown as pg.Client,
    front: null as unknown as RoundRobinFront,
    /** Set once the file's processes are being stopped: a watch a failed test never stopped ends then. */
    closing: false,
    servers,
    /** One stable address per process (`http://127.0.0.1:${door.port}`), whatever port the process has now. */
    doors,
    journal,

    start(index: number): SpawnedServer {
      const server = spawnServer({
        TRADEDECK_MODE: 'sandbox',
        DATABASE_URL: postgres!.url,
        TRADEDECK_DATA_DIR: join(dir, 'data'),
        TRADEDECK_MASTER_KEY: key,
        TRADEDECK_SANDBOX_JOURNAL: journal,
        TRADEDECK_OUTBOX_LOG_LINKS: 'on',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        ...env(),
        PORT: '0',
      });
      servers[index] = server;
      server.ready.then(
        (url) => {
          const port = Number(new URL(url).port);
          doors[index]!.setBackend(0, port);
          cluster.front?.setBackend(index, port);
        },
        () => {},
      );
      return server;
    },

    /** Starts the three processes (the first migrates, the other two start on its schema) and the balancer. */
    async startAll(): Promise<string> {
      const url = await cluster.start(0).ready;
      await Promise.all([cluster.start(1).ready, cluster.start(2).ready]);
      cluster.front = new RoundRobinFront(servers.map((_, i) => doors[i]!.backend(0)));
      await cluster.front.listen();
      return url;
    },

    /** Kills a process with SIGKILL; answers when it is gone. */
    async kill(index: number): Promise<number> {
      doors[index]!.setBackend(0, null);
      cluster.front?.setBackend(index, null);
      servers[index]!.child.kill('SIGKILL');
      await servers[index]!.exited;
      return Date.now();
    },

    /** The index of the process a lease owner tag names. */
    indexOf(owner: string): number {
      const pid = ownerProcess(owner)?.pid;
      return servers.findIndex((server) => server.child.pid === pid);
    },

    /**
     * The log lines of every process that name a recipient: account mail is sent by whichever process runs its job,
     * so a sign-up or step-up reads its code from all of them, in the order they were logged.
     */
    mailTo(email: string): { output(): string } {
      const named = `"to":"${email}"`;
      return {
        output: () =>
          servers
            .flatMap((server) => server.output().split('\n'))
            .filter((line) => line.includes(named))
            .sort((a, b) => loggedAt(a) - loggedAt(b))
            .join('\n'),
      };
    },

    /** A user's id by e-mail, once registered. */
    async userId(email: string): Promise<string | null> {
      const { rows } = await cluster.db.query<{ id: string }>('select id from users where email = $1', [
        email,
      ]);
      return rows[0]?.id ?? null;
    },

    /** Approves a registered user, as an administrator does for every user after the instance's first. */
    async approve(email: string): Promise<void> {
      await cluster.db.query('update users set approved_at = now() where email = $1', [email]);
    },

    /** An API call through the balancer with the user's token. */
    call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
      return viaFront<T>(cluster.front, method, path, body, token);
    },

    /**
     * Steam's journal so far, complete lines only: the last may be mid-write, and a line the killed process cut
     * short stays in the file (the next writer ends it), its change never answered, as the sandbox reads it.
     */
    journalLines(): JournalLine[] {
      if (!existsSync(journal)) return [];
      const lines = readFileSync(journal, 'utf8').split('\n').slice(0, -1);
      return lines.flatMap((line) => {
        try {
          return line.trim() ? [JSON.parse(line) as JournalLine] : [];
        } catch {
          return [];
        }
      });
    },
  };

  beforeAll(async () => {
    const found = await throwAwayPostgresClient();
    if ('unavailable' in found) {
      cluster.unavailable = found.unavailable;
      return;
    }
    postgres = found.postgres;
    cluster.db = found.db;
    for (let i = 0; i < 3; i += 1) {
      const door = new RoundRobinFront([null], { rotate: false });
      await door.listen();
      doors.push(door);
    }
  }, 120_000);
  afterAll(async () => {
    cluster.closing = true;
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await cluster.front?.close();
    await Promise.all(doors.map((door) => door.close()));
    await cluster.db?.end();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
  return cluster;
}

const loggedAt = (line: string) => Number(/"time":(\d+)/.exec(line)?.[1] ?? 0);

export type MultiProcessCluster = ReturnType<typeof multiProcessCluster>;

/** Every lease held now, by what it holds: running jobs, pending trade intents, harvester sessions' runners. */
async function leasesNow(db: pg.Client): Promise<Map<string, string>> {
  const { rows } = await db.query<{ what: string; owner: string }>(
    `select 'job ' || id::text as what, output->>'leaseOwner' as owner from pgboss.job
      where state = 'active' and output->>'leaseOwner' is not null
     union all
     select 'intent ' || reference, owner from steam_trade_intents where status = 'pending' and owner is not null
     union all
     select 'session ' || id::text, runner_owner from harvester_sessions where runner_owner is not null`,
  );
  return new Map(rows.map((row) => [row.what, row.owner]));
}

/** Each job's runs so far (pg-boss's retry count), its state and the process its current run's lease names. */
async function runsNow(
  db: pg.Client,
): Promise<Map<string, { name: string; runs: number; state: string; owner: string | null }>> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    retry_count: number;
    state: string;
    owner: string | null;
  }>(
    `select id, name, retry_count, state::text as state,
            case when output->>'leaseRun' = retry_count::text then output->>'leaseOwner' end as owner
       from pgboss.job`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, runs: row.retry_count, state: row.state, owner: row.owner },
    ]),
  );
}

/** How long after its start a restarted process's lease takeovers are counted apart (its first moments). */
const FIRST_MOMENTS_MS = 10_000;

/**
 * Restarts a killed process on its port and watches it join: samples who holds every lease (every 200 ms), how
 * often jobs were run, and the sandbox journal's lines, from just before the restart until `stop()`. A joining
 * process may take new work and leases nobody holds; it must not take a lease a live process holds or make a job
 * run again. Its Steam changes are counted (the sandbox's limiters have no budget to hold them to). Answers once
 * the process is ready.
 */
export async function restartWatched(cluster: MultiProcessCluster, index: number) {
  const restartedAt = Date.now();
  const runsBefore = await runsNow(cluster.db);
  let holders = await leasesNow(cluster.db);
  // Work the killed process held (running, or given back and waiting): running it again is its takeover.
  const lost = new Set([
    ...[...holders].filter(([, owner]) => cluster.indexOf(owner) === index).map(([what]) => what),
    ...[...runsBefore]
      .filter(([, job]) => job.owner && cluster.indexOf(job.owner) === index)
      .map(([id]) => `job ${id}`),
  ]);
  const heldAtRestart = holders.size;
  const linesAtRestart = cluster.journalLines().length;
  let linesSeen = linesAtRestart;
  let rejoinedLines = 0;
  const perSecond: number[] = [];
  let second = { at: Date.now(), lines: linesSeen };
  let movedToRejoined = 0;
  let leaseMoves = 0;
  /** Leases the joining process took (new ones included), and when. */
  const taken = new Map<string, number>();
  const server = cluster.start(index);
  let running = true;
  const sampling = (async () => {
    while (running && !cluster.closing) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await leasesNow(cluster.db).catch(() => null);
      if (!now || cluster.closing) continue;
      for (const [what, owner] of now) {
        const before = holders.get(what);
        const to = cluster.indexOf(owner);
        if (to === index && !taken.has(what)) taken.set(what, Date.now());
        if (!before || before === owner) continue;
        leaseMoves += 1;
        if (to === index && !lost.has(what)) movedToRejoined += 1;
      }
      holders = now;
      const lines = cluster.journalLines();
      const own = `:${server.child.pid}`;
      rejoinedLines = lines.slice(linesAtRestart).filter((line) => line.process.endsWith(own)).length;
      linesSeen = lines.length;
      if (Date.now() - second.at >= 1_000) {
        perSecond.push(linesSeen - second.lines);
        second = { at: Date.now(), lines: linesSeen };
      }
    }
  })();
  const readyAt = await server.ready.then(
    () => Date.now(),
    async (error: unknown) => {
      running = false;
      await sampling;
      throw error;
    },
  );
  return {
    rejoinMs: readyAt - restartedAt,
    /** Ends the watch: what the joining process took, what moved, which jobs ran again, Steam's journal lines. */
    async stop() {
      running = false;
      await sampling;
      const runsAfter = await runsNow(cluster.db);
      const ends = runEndsLogged(cluster.servers);
      // A job runs again because of the rejoin only if a live process held its run at the restart: one waiting
      // for its retry then (its run ended before, by a failure or a lease the killed process left) was nobody's.
      const again = [...runsAfter]
        .filter(([id, now]) => {
          const before = runsBefore.get(id);
          return (
            before?.state === 'active' &&
            before.owner !== null &&
            now.runs > before.runs &&
            !lost.has(`job ${id}`)
          );
        })
        .map(([id, now]) => {
          const before = runsBefore.get(id)!;
          const end = ends.get(`${id}/${before.runs}`);
          const told = end ? `; its process logged "${end.msg}"${end.error ? `: ${end.error}` : ''}` : '';
          const text = `${now.name} ${id}: run ${before.runs} on process ${cluster.indexOf(before.owner!) + 1}, now run ${now.runs} (${now.state})${told}`;
          return { text, failed: end?.msg === 'job run failed' };
        });
      // A run that failed on its own (its process logged why) is retried by design, rejoin or not.
      const ranAgain = again.filter((job) => !job.failed).map((job) => job.text);
      const failedAndRetried = again.filter((job) => job.failed).map((job) => job.text);
      const firstMoments = [...taken.values()].filter((at) => at - readyAt <= FIRST_MOMENTS_MS).length;
      return {
        watchedMs: Date.now() - restartedAt,
        leasesHeldAtRestart: heldAtRestart,
        leasesTakenByRejoined: taken.size,
        leasesTakenInFirst10s: firstMoments,
        /** Leases a live process held that went to the joining process (the killed one's excepted): a flood. */
        leasesMovedToRejoined: movedToRejoined,
        leaseMoves,
        jobsRunAgain: ranAgain,
        /** Runs of live processes that failed (their error logged) and were retried: the rejoin's doing or not. */
        jobsFailedAndRetried: failedAndRetried,
        journalLines: linesSeen - linesAtRestart,
        journalLinesByRejoined: rejoinedLines,
        maxJournalLinesPerSecond: Math.max(0, ...perSecond),
      };
    },
  };
}

/**
 * The runs the processes logged as ended before their job (`src/jobs/register.ts`: "job run failed", "job run lost
 * its lease"), by job id and run, with the error's message.
 */
function runEndsLogged(
  servers: readonly { output(): string }[],
): Map<string, { msg: string; error: string }> {
  const ends = new Map<string, { msg: string; error: string }>();
  for (const server of servers) {
    for (const line of server.output().split('\n')) {
      if (!line.includes('"jobId"')) continue;
      try {
        const entry = JSON.parse(line) as {
          msg?: string;
          jobId?: string;
          run?: number;
          err?: { message?: string };
        };
        if (entry.msg !== 'job run failed' && entry.msg !== 'job run lost its lease') continue;
        ends.set(`${entry.jobId}/${entry.run}`, { msg: entry.msg, error: entry.err?.message ?? '' });
      } catch {
        // Not a log line of ours.
      }
    }
  }
  return ends;
}
