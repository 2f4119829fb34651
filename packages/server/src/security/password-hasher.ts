import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters: the OWASP / ASVS floor (m = 19 MiB, t = 2, p = 1). */
export const ARGON2_PARAMS = {
  algorithm: 2 as const, // Algorithm.Argon2id (a const enum, not importable here)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Longest password accepted, in UTF-8 bytes, checked before any hashing work. */
export const MAX_PASSWORD_BYTES = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** How many argon2 verifications this process ran: lets tests see equal work on every login path. */
export const passwordVerifications = { count: 0 };

/** Constant work whatever the stored hash: a malformed hash counts as a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  passwordVerifications.count += 1;
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker parameters than today's and should be replaced at next login. */
export function needsRehash(phc: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m! < ARGON2_PARAMS.memoryCost || t! < ARGON2_PARAMS.timeCost || p! !== ARGON2_PARAMS.parallelism;
}

let dummy: Promise<string> | null = null;

/** Spends the same time as a real check when there is no account, so timing does not reveal which e-mails exist. */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hashPassword('tradedeck-dummy-password-for-equal-timing');
  await verifyPassword(await dummy, password);
}
