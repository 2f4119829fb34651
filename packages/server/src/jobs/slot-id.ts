import { createHash } from 'node:crypto';

/**
 * The same job uuid for every process in one time slot of `key`: processes sweeping side by side send the same id,
 * and the queue keeps one job.
 */
export function slotId(key: string, slot: number): string {
  const hex = createHash('sha256').update(`${key}:${slot}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
