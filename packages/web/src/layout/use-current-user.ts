import { api } from '@tradedeck/sdk/contract';
import { useOperationQuery } from '../shared/queries/operation-query.ts';

/** The signed-in user as the panel shows it (docs/web.md "Dashboard and settings": userName; the role opens the admin page). */
export function useCurrentUser() {
  return useOperationQuery(api.user.getInfo, undefined, { staleTime: 5 * 60_000 });
}
