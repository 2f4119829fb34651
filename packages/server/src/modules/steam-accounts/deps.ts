import type { FastifyBaseLogger } from 'fastify';
import type { Clock, SteamPort } from '../../integrations/steam/index.ts';
import type { SecretSlot } from '../../security/envelope.ts';
import type { RateLimiter } from '../../security/rate-limiter.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { SecurityEvent } from '../auth/index.ts';
import type { SteamAccountsRepo } from './repo.ts';

/** What the Steam account services share. */
export interface AccountsDeps {
  repo: SteamAccountsRepo;
  secrets: SecretBox;
  steam: SteamPort;
  /** The clock the Steam port runs on (guard codes are computed on it plus Steam's offset). */
  steamClock: Clock;
  limiter: RateLimiter;
  audit(event: SecurityEvent): Promise<void>;
  log: FastifyBaseLogger;
  now: () => number;
}

type AccountSecretColumn = 'password_enc' | 'mafile_enc' | 'refresh_token_enc';

/** Where an account secret lives; the envelope's AAD binds it to this user, column and row. */
export function accountSlot(userId: string, accountId: number, column: AccountSecretColumn): SecretSlot {
  return { userId, table: 'steam_accounts', column, rowId: String(accountId) };
}
