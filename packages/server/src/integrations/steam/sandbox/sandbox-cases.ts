/**
 * Sandbox accounts that fail the way real Steam (or a proxy) fails: one per sign-in case of the sdk corpus
 * (`packages/sdk/test/steam/fixtures/login-cases.json`, kept equal by a test).
 */
import type { LoginFailure } from '@tradedeck/sdk/domain';

export type SandboxBehaviour = { result: 'ok'; offered: readonly number[] } | { failure: LoginFailure };

export const SANDBOX_CASES: readonly { login: string; steam: SandboxBehaviour }[] = [
  { login: 'sandbox_ok', steam: { result: 'ok', offered: [3] } },
  { login: 'sandbox_device_confirmation', steam: { result: 'ok', offered: [3, 4] } },
  { login: 'sandbox_invalid_password', steam: { failure: { kind: 'eresult', eresult: 5 } } },
  { login: 'sandbox_rate_limited', steam: { failure: { kind: 'eresult', eresult: 84 } } },
  { login: 'sandbox_throttled', steam: { failure: { kind: 'eresult', eresult: 87 } } },
  { login: 'sandbox_code_mismatch', steam: { failure: { kind: 'eresult', eresult: 88 } } },
  { login: 'sandbox_email_code', steam: { failure: { kind: 'eresult', eresult: 65 } } },
  { login: 'sandbox_email_guard', steam: { failure: { kind: 'guard', offered: [2] } } },
  { login: 'sandbox_email_confirmation', steam: { failure: { kind: 'guard', offered: [5] } } },
  { login: 'sandbox_no_guard', steam: { failure: { kind: 'guard', offered: [1] } } },
  { login: 'sandbox_proxy_407', steam: { failure: { kind: 'proxy', cause: 'auth' } } },
  { login: 'sandbox_proxy_timeout', steam: { failure: { kind: 'proxy', cause: 'timeout' } } },
  { login: 'sandbox_proxy_tls', steam: { failure: { kind: 'proxy', cause: 'tls' } } },
  { login: 'sandbox_proxy_dns', steam: { failure: { kind: 'proxy', cause: 'dns' } } },
  { login: 'sandbox_no_proxy', steam: { failure: { kind: 'noProxy' } } },
  { login: 'sandbox_login_timeout', steam: { failure: { kind: 'timeout' } } },
  { login: 'sandbox_service_unavailable', steam: { failure: { kind: 'eresult', eresult: 20 } } },
  { login: 'sandbox_unknown', steam: { failure: { kind: 'unknown' } } },
  { login: 'sandbox_phone_approval_only', steam: { failure: { kind: 'guard', offered: [4] } } },
];
