/** The seller benchmarks' setup: the user's second factor, then sandbox accounts connected to the sandbox market. */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { sandboxMarketKey } from '../src/integrations/market/index.ts';
import type { SandboxAccount } from '../src/integrations/steam/index.ts';
import type { BenchCall } from './_sandbox-bench.ts';

/**
 * Connecting marketplace keys and starting sellers ask for the second factor: passed with the code from the
 * outbox. The window it opens is the signed-in device session's (15 minutes).
 */
export async function passStepUp(call: BenchCall, db: Db, email: string): Promise<void> {
  const mails = async () =>
    (
      (await db.execute(
        sql`select id, body from mail_outbox where recipient = ${email} order by created_at desc`,
      )) as unknown as { rows: { id: string; body: string }[] }
    ).rows;
  // Mails are known by their ids (random uuids, so no order): the code is in one the user did not have before.
  const earlier = new Set((await mails()).map((mail) => mail.id));
  await call('POST', '/api/user/request-two-factor', { purpose: 'stepUp' });
  // The mail may be written after the answer: wait for it (up to 30 s on a busy machine).
  let emailCode: string | undefined;
  for (let attempt = 0; attempt < 600 && !emailCode; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = (await mails()).filter((mail) => !earlier.has(mail.id));
    emailCode = fresh.map((mail) => /\b(\d{6})\b/.exec(mail.body)?.[1]).find(Boolean);
  }
  await call('POST', '/api/user/step-up', { twoFactor: { codes: { emailCode } } });
}

/**
 * Each bot's Steam account (`steamIds` by login) made a seller account with its sandbox market key, one request
 * each (30 a minute per user: the caller waits out a 429); the seller accounts' ids in the bots' order.
 */
export async function connectSellerAccounts(
  call: BenchCall,
  bots: readonly SandboxAccount[],
  steamIds: ReadonlyMap<string, number>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const bot of bots) {
    const row = await call<{ id: number }>('POST', '/api/p2p/accounts', {
      steamAccountId: steamIds.get(bot.login),
      apiKey: sandboxMarketKey(bot.login),
      paymentPassword: 'bench-pay-1',
      tmCurrency: 'USD',
    });
    ids.push(row.id);
  }
  return ids;
}
