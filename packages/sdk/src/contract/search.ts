import { z } from 'zod';
import { defineOperation } from './operation.ts';

/** A proxy as a search hit: enough to show it in the palette and open its view dialog. */
export const proxySearchHitSchema = z.object({
  id: z.number().int(),
  proxyName: z.string().nullable(),
  address: z.string(),
  port: z.number().int(),
});
export type ProxySearchHit = z.infer<typeof proxySearchHitSchema>;

/** A Steam account as a search hit. */
export const steamAccountSearchHitSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  steamId: z.string().nullable(),
});
export type SteamAccountSearchHit = z.infer<typeof steamAccountSearchHitSchema>;

export const globalSearchResultSchema = z.object({
  proxies: z.array(proxySearchHitSchema),
  steamAccounts: z.array(steamAccountSearchHitSchema),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;

export const search = {
  global: defineOperation({
    id: 'search.global',
    method: 'POST',
    path: '/api/search/global',
    summary: "Find the user's proxies and Steam accounts by a search string",
    input: z.object({ searchString: z.string().trim().min(1).max(200) }),
    output: globalSearchResultSchema,
    flags: {},
  }),
} as const;
