import { describe, expect, it } from 'vitest';
import { addErrorToWire, extractMafiles, type MafileSession, planSession } from '../../src/domain/index.ts';
import { uploadsFrom } from './fixtures.ts';

const NOW = 1_800_000_000;
const session = (accessExp: number | null, refreshExp: number | null): MafileSession => ({
  refreshToken: 'r',
  accessToken: 'a',
  sessionId: null,
  accessTokenExpiresAt: accessExp,
  refreshTokenExpiresAt: refreshExp,
});

describe('what to do with a maFile session (notes §11 A.6)', () => {
  it.each([
    ['no session', null, 'signIn'],
    ['both valid', session(NOW + 3600, NOW + 86400 * 100), 'useAccessToken'],
    ['access expired', session(NOW - 1, NOW + 86400 * 100), 'refreshAccessToken'],
    ['access expiring within a minute', session(NOW + 30, NOW + 86400 * 100), 'refreshAccessToken'],
    ['refresh within 24 h of expiry', session(NOW + 3600, NOW + 3600 * 5), 'renewRefreshToken'],
    ['refresh expired', session(NOW + 3600, NOW - 1), 'signIn'],
  ] as const)('%s → %s', (_name, value, plan) => {
    expect(planSession(value, NOW)).toBe(plan);
  });

  it('the fixture with an expired access token asks for a refresh, a fresh one is used as is', async () => {
    const { extracted } = await extractMafiles(uploadsFrom('mafiles/valid'));
    const byName = new Map(extracted.map((item) => [item.fileName, item.mafile]));
    expect(planSession(byName.get('expired-access-token.maFile')!.session, NOW)).toBe('refreshAccessToken');
    expect(planSession(byName.get('sda-1.0.15.maFile')!.session, NOW)).toBe('useAccessToken');
    expect(planSession(byName.get('sda-legacy-session.maFile')!.session, NOW)).toBe('signIn');
  });

  it('an add error carries its reason and the text in the request language', () => {
    expect(addErrorToWire('authenticationProblem', 'ru')).toEqual({
      reason: 'authenticationProblem',
      message: 'Проблема аутентификации (бесконечные попытки входа)',
    });
  });
});
