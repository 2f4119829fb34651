/**
 * Confirmations a sandbox account has waiting that Tradedeck did not create, one of each kind the confirmations
 * centre shows: a trade offer sent from the phone, a market listing and a market purchase made on Steam's site, an
 * account recovery and an API key registration. Ids and creator ids are derived from the seed and the SteamID, so
 * a journal replay finds the same ones; creator ids start with 6 and never meet the sandbox's offer ids (7…).
 */
import { createHash } from 'node:crypto';
import { CONFIRMATION_TYPE_NUMBERS, type MobileConfirmation } from '@tradedeck/sdk/domain';

const STANDING = [
  { kind: 'trade', headline: 'Trade with sandbox_partner', summary: ['You will give up 1 item'] },
  { kind: 'marketListing', headline: 'Sell - Prisma Case', summary: ['Prisma Case', '0.42 USD'] },
  { kind: 'purchase', headline: 'Purchase - Fracture Case', summary: ['Fracture Case', '0.55 USD'] },
  { kind: 'accountRecovery', headline: 'Account recovery', summary: ['Change the e-mail address'] },
  { kind: 'apiKey', headline: 'Web API key', summary: ['Register a Web API key for sandbox.test'] },
] as const;

function digits(seed: string, text: string, length: number): string {
  const hex = createHash('sha1').update(`${seed}:${text}`).digest('hex').slice(0, 15);
  return BigInt(`0x${hex}`).toString().padStart(length, '0').slice(0, length);
}

export function standingConfirmations(seed: string, steamId: string, now: number): MobileConfirmation[] {
  return STANDING.map((item, index) => ({
    id: `5${digits(seed, `${steamId}:${item.kind}:id`, 10)}`,
    nonce: digits(seed, `${steamId}:${item.kind}:nonce`, 16),
    type: CONFIRMATION_TYPE_NUMBERS[item.kind][0],
    creatorId: `6${digits(seed, `${steamId}:${item.kind}:creator`, 9)}`,
    headline: item.headline,
    summary: [...item.summary],
    // Minutes apart, oldest first, so the screen shows them in a stable order.
    createdAt: new Date(now - (STANDING.length - index) * 60_000).toISOString(),
  }));
}
