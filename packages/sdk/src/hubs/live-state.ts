import type { HubNotice } from './hub-client.ts';

/** What a screen shows about its live connection. */
export type HubLiveState = 'connecting' | 'live' | 'lost' | 'closed' | 'desync';

/** The live state a hub notice leads to (a failed start counts as closed until a restart succeeds). */
export function liveStateAfter(notice: HubNotice): Exclude<HubLiveState, 'connecting'> {
  switch (notice.kind) {
    case 'restored':
      return 'live';
    case 'lost':
      return 'lost';
    case 'desync':
      return 'desync';
    default:
      return 'closed';
  }
}
