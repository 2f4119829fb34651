import { generateGuardCode, guardCodeRemainingSeconds } from '@tradedeck/sdk/domain';
import type { GuardCode } from './port.ts';

/** The sdk computes codes; both adapters answer the same way. */
export async function computeGuardCode(sharedSecret: string, atSeconds: number): Promise<GuardCode> {
  return {
    code: await generateGuardCode(sharedSecret, atSeconds),
    remainingSeconds: guardCodeRemainingSeconds(atSeconds),
  };
}
