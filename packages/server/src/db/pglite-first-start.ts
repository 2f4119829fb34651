// The first start of an embedded database's data directory, in a process of its own (see createPgliteDataDir):
// node pglite-first-start.js <data directory> [shared_buffers]
import { createPgliteDataDir } from './database.ts';

const [dataDir, sharedBuffers] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pglite-first-start <data directory> [shared_buffers]');
await createPgliteDataDir(dataDir, sharedBuffers || undefined);
