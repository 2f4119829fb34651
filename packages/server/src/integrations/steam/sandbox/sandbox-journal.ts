/**
 * The sandbox's changes as JSON lines in a file, so a sandbox server keeps its trades, confirmations and ended
 * sessions across restarts (and a crash between a send and its recorded outcome can be reconciled against the
 * same simulated Steam). Each line is written synchronously before the change answers: a killed process loses
 * nothing it answered.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { SendOfferInput } from '../trading-port.ts';
import type { SandboxAsset } from './trading/sandbox-inventories.ts';

export type SandboxChange =
  | { op: 'revoke'; steamId: string; at: number }
  | { op: 'ack'; steamId: string }
  | { op: 'send'; steamId: string; input: SendOfferInput & { message: string }; now: number }
  | { op: 'accept' | 'decline' | 'cancel'; steamId: string; offerId: string; now: number }
  | { op: 'respond'; steamId: string; ids: string[]; accept: boolean; now: number }
  | { op: 'lift'; steamId: string; now: number }
  /** An item the sandbox market moved outside a trade offer (a demo's past sale, a reversed sale). */
  | { op: 'move'; steamId: string; to: string; asset: SandboxAsset; now: number };

export class SandboxJournal {
  constructor(private readonly path: string) {}

  read(): SandboxChange[] {
    if (!existsSync(this.path)) return [];
    const changes: SandboxChange[] = [];
    for (const line of readFileSync(this.path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        changes.push(JSON.parse(line) as SandboxChange);
      } catch {
        // A line cut short by a kill is the last one; nothing after it was answered.
        break;
      }
    }
    return changes;
  }

  append(change: SandboxChange): void {
    appendFileSync(this.path, `${JSON.stringify(change)}\n`, { mode: 0o600 });
  }
}
