/**
 * CPU time of a local Postgres cluster (every process its postmaster started: backends, writers, autovacuum),
 * from /proc. The database's own work per query, which does not depend on how busy the machine is. Null where the
 * cluster is not on this machine or /proc is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

interface ProcStat {
  ppid: number;
  cpuMs: number;
  /** CPU time of its children that have exited (a backend whose connection closed). */
  childrenCpuMs: number;
}

function procStat(pid: number | string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number) => Number(fields[i]);
    return {
      ppid: ticks(1),
      cpuMs: (ticks(11) + ticks(12)) * TICK_MS,
      childrenCpuMs: (ticks(13) + ticks(14)) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/** A function that reads the cluster's CPU time so far in ms, or null when it cannot be read. */
export async function postgresCpuClock(db: Db): Promise<(() => number) | null> {
  const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[];
  };
  const backend = procStat(result.rows[0]?.pid ?? 0);
  if (!backend) return null;
  const postmaster = backend.ppid;
  return () => {
    const own = procStat(postmaster);
    let total = (own?.cpuMs ?? 0) + (own?.childrenCpuMs ?? 0);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(entry);
      if (stat?.ppid === postmaster) total += stat.cpuMs;
    }
    return total;
  };
}
