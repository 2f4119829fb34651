import { SandboxJournal } from './sandbox-journal.ts';
import { SANDBOX_SEED, SandboxWorld } from './sandbox-world.ts';

/**
 * The sandbox world of a server: kept in a journal file when one is configured (so trades survive a restart),
 * in memory otherwise.
 */
export function openSandboxWorld(options: {
  sandboxJournal?: string | null;
  sandboxSendDelayMs?: number;
  sandboxConfirmDelayMs?: number;
  sandboxSignInDelayMs?: number;
  sandboxInventoryDelayMs?: number;
}): SandboxWorld {
  return new SandboxWorld(SANDBOX_SEED, {
    journal: options.sandboxJournal ? new SandboxJournal(options.sandboxJournal) : null,
    sendAnswerDelayMs: options.sandboxSendDelayMs ?? 0,
    confirmAnswerDelayMs: options.sandboxConfirmDelayMs ?? 0,
    signInDelayMs: options.sandboxSignInDelayMs ?? 0,
    inventoryDelayMs: options.sandboxInventoryDelayMs ?? 0,
    standingConfirmations: true,
  });
}
