import type { TestProject } from 'vitest/node';
import { type FaultCluster, postgresBinaries, startCluster, stopCluster } from './cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's own Postgres cluster, or why there is none. */
    faultCluster: FaultCluster | { unavailable: string };
  }
}

let cluster: FaultCluster | null = null;

/** Starts the fault suite's own Postgres cluster for the whole run, when Postgres is installed. */
export async function setup(project: TestProject): Promise<void> {
  const bin = postgresBinaries();
  if (!bin) {
    const reason = 'no Postgres binaries under /usr/lib/postgresql: the Postgres fault tests are skipped';
    process.stderr.write(`\n[fault suite] ${reason}\n\n`);
    project.provide('faultCluster', { unavailable: reason });
    return;
  }
  cluster = await startCluster(bin);
  project.provide('faultCluster', cluster);
}

export function teardown(): void {
  if (cluster) stopCluster(cluster);
}
