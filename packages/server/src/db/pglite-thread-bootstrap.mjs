// Starts the embedded database's thread from the TypeScript sources (tests, benchmarks, `pnpm dev`): a worker
// thread does not inherit the tsx loader of the process that starts it (Node 20).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
