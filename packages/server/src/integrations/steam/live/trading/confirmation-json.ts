/** `/mobileconf/getlist` entries as the port's confirmations (notes §4.2). */
import type { MobileConfirmation } from '@tradedeck/sdk/domain';

interface RawConfirmation {
  id?: string | number;
  nonce?: string | number;
  type?: number;
  creator_id?: string | number;
  headline?: string;
  /** The lines under the headline (steamguard-cli `confirmation.rs` `summary`). */
  summary?: unknown;
  creation_time?: number;
}

export type ConfirmationList =
  | { ok: true; confirmations: MobileConfirmation[] }
  | { ok: false; needAuth: boolean; message: string };

export function parseConfirmationList(json: unknown): ConfirmationList {
  const body = (json ?? {}) as {
    success?: boolean;
    needauth?: boolean;
    message?: string;
    conf?: RawConfirmation[];
  };
  if (body.needauth) return { ok: false, needAuth: true, message: 'needauth' };
  // A wrong identity secret is answered with success false and a message about invalid Steam Guard codes.
  if (body.success !== true)
    return { ok: false, needAuth: false, message: body.message ?? 'confirmation list refused' };
  const confirmations: MobileConfirmation[] = [];
  for (const raw of body.conf ?? []) {
    if (raw.id === undefined || raw.nonce === undefined || raw.creator_id === undefined) continue;
    confirmations.push({
      id: String(raw.id),
      nonce: String(raw.nonce),
      type: Number(raw.type ?? 0),
      creatorId: String(raw.creator_id),
      headline: raw.headline ?? '',
      summary: Array.isArray(raw.summary) ? raw.summary.filter((line) => typeof line === 'string') : [],
      createdAt: new Date(Number(raw.creation_time ?? 0) * 1000).toISOString(),
    });
  }
  return { ok: true, confirmations };
}
