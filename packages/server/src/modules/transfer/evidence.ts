/**
 * What became of a money-send whose reply was lost, from positive evidence only (docs/trading-rules.md §2
 * rule 1, notes market.md §4). TM's answer to a lookup by custom id for a send it made without storing the id
 * is unknown, so "not found" proves nothing. The transfer settles when one of these shows it:
 *  1. the lookup by custom id finds it (done: sent; failed: not sent);
 *  2. `money-send-history` holds exactly one send of this amount and currency made after the intent: sent;
 *  3. both balances read before the send and now: the sender down by the amount and the receiver up (sent), or
 *     both unchanged (not sent, after the settling time below). Any other movement (a sale settled meanwhile)
 *     settles nothing.
 * Otherwise it stays unknown, with what was asked and found shown to the user.
 *
 * Unchanged balances read right after a lost reply prove nothing: TM may book the send later, and no reference says
 * how much later. So "not sent" from balances takes the safe reading: two readings of both balances unchanged, at
 * least `BALANCES_SETTLE_MS` apart (the first is made right after the lost reply; a booking in between shows on the
 * second). Until then the first unchanged reading is kept in the transfer's checks and the transfer stays unknown.
 */
import type { TransferCheck } from '@tradedeck/sdk/contract';
import type { Money } from '@tradedeck/sdk/domain';
import type {
  MarketCredentials,
  MarketPort,
  MoneySendHistoryEntry,
  MoneySendRecord,
} from '../../integrations/market/port.ts';
import type { TransferDbRow } from './repo.ts';

/**
 * How far apart two unchanged balance readings must be to settle a lost send as not sent (docs/transfer.md).
 */
export const BALANCES_SETTLE_MS = 10 * 60_000;

export type Evidence =
  | { verdict: 'sent'; checks: TransferCheck[]; record: MoneySendRecord | null; received: Money | null }
  | { verdict: 'notSent'; checks: TransferCheck[] }
  | { verdict: 'unknown'; checks: TransferCheck[] };

export interface EvidenceParties {
  sender: MarketCredentials;
  /** The receiver's own credentials (its balance), null when they cannot be opened. */
  receiver: MarketCredentials | null;
}

export async function gatherEvidence(
  market: MarketPort,
  row: TransferDbRow,
  parties: EvidenceParties,
  now: () => number,
): Promise<Evidence> {
  const checks: TransferCheck[] = [];
  const note = (source: TransferCheck['source'], found: TransferCheck['found']) =>
    checks.push({ source, found, at: new Date(now()).toISOString() });

  const lookup = await market.moneySendByCustomId(parties.sender, row.customId);
  if (lookup.ok && lookup.record?.status === 'done') {
    note('customId', 'sent');
    return { verdict: 'sent', checks, record: lookup.record, received: lookup.record.received ?? null };
  }
  if (lookup.ok && lookup.record?.status === 'failed') {
    note('customId', 'notSent');
    return { verdict: 'notSent', checks };
  }
  note('customId', lookup.ok ? 'nothing' : 'failed');

  const history = await market.moneySendHistory(parties.sender, 0);
  if (history.ok) {
    const matches = history.entries.filter((entry) => sameSend(entry, row));
    if (matches.length === 1) {
      note('sendHistory', 'sent');
      return { verdict: 'sent', checks, record: null, received: null };
    }
    note('sendHistory', 'nothing');
  } else note('sendHistory', 'failed');

  const balances = await balanceEvidence(market, row, parties);
  if (balances.found === 'sent') {
    note('balances', 'sent');
    return { verdict: 'sent', checks, record: null, received: balances.received };
  }
  if (balances.found === 'notSent') {
    const first = firstUnchanged(row);
    if (first && now() - Date.parse(first.at) >= BALANCES_SETTLE_MS) {
      note('balances', 'notSent');
      return { verdict: 'notSent', checks };
    }
    // The first unchanged reading stays with the transfer, so a later one can measure the time between them.
    if (first) checks.push(first);
  }
  note('balances', balances.found);
  return { verdict: 'unknown', checks };
}

/** The first reading of this transfer that found both balances unchanged, kept in its checks; null if none. */
function firstUnchanged(row: TransferDbRow): TransferCheck | null {
  const earlier = Array.isArray(row.checks) ? (row.checks as TransferCheck[]) : [];
  return earlier.find((check) => check.source === 'balances' && check.found === 'notSent') ?? null;
}

/** A history row of this transfer's amount in its currency, made no earlier than the intent's second. */
function sameSend(entry: MoneySendHistoryEntry, row: TransferDbRow): boolean {
  if (entry.amount.currency !== row.currency || entry.amount.amount !== row.amount) return false;
  const intentSecond = Math.floor(row.createdAt.getTime() / 1000) * 1000;
  return entry.time !== null && entry.time.getTime() >= intentSecond;
}

async function balanceEvidence(
  market: MarketPort,
  row: TransferDbRow,
  parties: EvidenceParties,
): Promise<{ found: TransferCheck['found']; received: Money | null }> {
  if (row.senderBefore === null || row.receiverBefore === null || !parties.receiver) {
    return { found: 'failed', received: null };
  }
  const [sender, receiver] = [await market.balance(parties.sender), await market.balance(parties.receiver)];
  if (!sender.ok || !receiver.ok) return { found: 'failed', received: null };
  // Never across currencies: a balance in another currency than the intent's says nothing.
  if (sender.currency !== row.currency || receiver.currency !== row.receivedCurrency) {
    return { found: 'nothing', received: null };
  }
  const left = row.senderBefore - sender.balance.available.amount;
  const arrived = receiver.balance.available.amount - row.receiverBefore;
  if (left === 0 && arrived === 0) return { found: 'notSent', received: null };
  const arrivedAsSent = row.currency === row.receivedCurrency ? arrived === row.amount : arrived > 0;
  if (left === row.amount && arrivedAsSent) {
    return { found: 'sent', received: { currency: receiver.currency, amount: arrived } };
  }
  return { found: 'nothing', received: null };
}
