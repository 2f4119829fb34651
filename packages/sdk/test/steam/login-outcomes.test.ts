import { describe, expect, it } from 'vitest';
import {
  chooseGuardAction,
  classifyLoginFailure,
  GuardType,
  type LoginFailure,
} from '../../src/domain/index.ts';
import { fixtureText } from './fixtures.ts';

interface LoginCase {
  login: string;
  steam: { result?: 'ok'; offered?: number[]; failure?: LoginFailure };
  expect: Record<string, unknown> | null;
}

const { cases } = JSON.parse(fixtureText('login-cases.json')) as { cases: LoginCase[] };

describe('sign-in failures (notes §5, §11 B)', () => {
  it('the case file covers EResults 5, 84, 87, 88 and 65, e-mail, phone-only and missing guards and proxy failures', () => {
    const eresults = cases.flatMap((c) =>
      c.steam.failure?.kind === 'eresult' ? [c.steam.failure.eresult] : [],
    );
    expect(eresults).toEqual(expect.arrayContaining([5, 84, 87, 88, 65]));
    const reasons = new Set(cases.map((c) => c.expect?.reason).filter(Boolean));
    expect([...reasons].sort()).toEqual([
      'authenticationProblem',
      'invalidMafile',
      'invalidPassword',
      'invalidSteamGuardType',
      'noProxy',
      'phoneApprovalOnly',
      'proxyError',
      'unknownError',
    ]);
  });

  it.each(cases.filter((c) => c.steam.failure).map((c) => [c.login, c] as const))('%s', (_login, c) => {
    expect(classifyLoginFailure(c.steam.failure!)).toEqual(c.expect);
  });

  it.each(cases.filter((c) => c.steam.result === 'ok').map((c) => [c.login, c] as const))(
    '%s signs in with the maFile',
    (_login, c) => {
      expect(chooseGuardAction(c.steam.offered!)).not.toBeNull();
    },
  );

  it('prefers a device code over an approval and refuses e-mail-only accounts', () => {
    expect(chooseGuardAction([GuardType.DeviceConfirmation, GuardType.DeviceCode])).toBe('submitCode');
    expect(chooseGuardAction([GuardType.DeviceConfirmation])).toBe('approveOnDevice');
    expect(chooseGuardAction([GuardType.EmailCode, GuardType.EmailConfirmation])).toBeNull();
  });
});
