/** The harvester benchmarks' session: a profile with the given settings, the sources and the targets. */
import type { HarvesterSettings } from '@tradedeck/sdk/domain';
import type { BenchCall } from './_sandbox-bench.ts';

/** Creates the profile "Bench" and a session over it (not started); the session's id. */
export async function createHarvestSession(
  call: BenchCall,
  settings: HarvesterSettings,
  sources: readonly number[],
  targets: readonly number[],
): Promise<number> {
  const profile = await call<{ id: number }>('POST', '/api/harvester/profiles', {
    name: 'Bench',
    ...settings,
  });
  const session = await call<{ id: number }>('POST', '/api/harvester/sessions', {
    profileId: profile.id,
    sources: { accountIds: sources },
    targets: { accountIds: targets },
  });
  return session.id;
}
