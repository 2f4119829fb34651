import { HARVESTER_STEPS, HARVESTER_TRANSACTION_STATUSES, type HarvesterStep } from '@tradedeck/sdk/domain';
import { defineMachine } from '../../db/state-machine.ts';

/** Every step may fail (error, with the step kept); every step before the target's acceptance may be cancelled. */
const step = (...next: HarvesterStep[]) => [...next, 'error', 'cancelled'] as const;

/**
 * One harvester transaction (docs/state-machines.md, Harvester transactions): the steps of one offer in order,
 * skipping a confirmation Steam does not ask for; a restart takes an errored one back to the step it failed at, and
 * a completed one whose trade Steam rolls back ends reversed.
 */
export const transactionMachine = defineMachine({
  name: 'harvester transaction',
  statuses: HARVESTER_TRANSACTION_STATUSES,
  edges: {
    preparing: step('authentication'),
    authentication: step('inventory_scan'),
    inventory_scan: step('trading'),
    trading: step('confirmation', 'accepting_trade'),
    confirmation: step('accepting_trade', 'verifying'),
    accepting_trade: step('target_confirmation', 'verifying'),
    target_confirmation: step('verifying'),
    // The target has accepted: the trade can no longer be cancelled.
    verifying: ['completed', 'error'],
    completed: ['reversed'],
    error: HARVESTER_STEPS,
    cancelled: [],
    reversed: [],
  },
});
