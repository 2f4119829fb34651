import { api } from '@tradedeck/sdk/contract';
import { useOperationQuery } from './operation-query.ts';

/** How many seller accounts a filter lists. */
const ACCOUNTS_LISTED = 100;

/** The user's seller accounts by login, for a screen's account filter. */
export function useSellerAccounts() {
  return useOperationQuery(api.p2p.query, {
    pages: { page: 1, pageSize: ACCOUNTS_LISTED },
    sort: [{ propertyName: 'login', isDescending: false }],
    withStatus: [],
    withPlatformStatus: [],
    withModules: [],
  });
}
