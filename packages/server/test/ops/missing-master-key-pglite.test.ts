import { describe, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { pgliteTemplate } from '../helpers/test-database.ts';
import { refusedWithoutKeyThenOpens } from './missing-master-key-helpers.ts';
import { opsTestBed } from './rotation-helpers.ts';

const bed = opsTestBed('tradedeck-missing-key-');

describe('a start without the master key of an embedded database that holds sealed secrets', () => {
  it('is refused, writing nothing, and starts with the key file put back', async () => {
    // The data directory starts from the suite's migrated template (migrating a new one takes most of a minute).
    await refusedWithoutKeyThenOpens(bed, 'pglite', null, async (dataDir) => {
      const database = await openDatabase({ databaseUrl: null, dataDir, template: await pgliteTemplate() });
      await database.close();
    });
  }, 120_000);
});
