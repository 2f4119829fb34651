/**
 * The claims of a Steam JWT, read by the sdk's one JWT reader (`readJwtClaims`, sdk domain/steam/jwt.ts). Named
 * here only for the trade sessions, which import it by this path; every other caller imports the sdk's.
 */
export { readJwtClaims as readTokenClaims, type SteamJwtClaims as TokenClaims } from '@tradedeck/sdk/domain';
