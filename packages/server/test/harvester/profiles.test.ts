import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { as, createHarvesterTestApp, type HarvesterTestApp, ok, profileInput } from './helpers.ts';

describe('harvester settings profiles', () => {
  let t: HarvesterTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createHarvesterTestApp({});
    user = await signedInUser(t, 'profiles');
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: string, url: string, body?: unknown, lang = 'en-US') =>
    as(t, user.accessToken, method, url, body, lang);

  it('refuses a list mode without a game, with the "Game profile" message in the caller\'s language', async () => {
    for (const mode of ['whitelist', 'blacklist']) {
      const body = profileInput('Empty list', { games: { mode: mode as 'whitelist', list: [] } });
      const en = await call('POST', '/api/harvester/profiles', body);
      expect(en.statusCode).toBe(400);
      expect(en.json().error).toMatchObject({
        resultCode: 10,
        message: 'Select at least one game',
        errorDetails: { fields: { 'games.list': ['Select at least one game'] } },
      });
      const ru = await call('POST', '/api/harvester/profiles', body, 'ru-RU');
      expect(ru.json().error.message).toBe('Выберите хотя бы одну игру');
    }
    const list = await ok(call('GET', '/api/harvester/profiles'));
    expect(list).toEqual([]);
  });

  it('refuses fractional money and a threshold in another currency than the total limit', async () => {
    const fractional = profileInput('Fractional', { maxItemPrice: { currency: 'USD', amount: 1.5 } });
    expect((await call('POST', '/api/harvester/profiles', fractional)).json().error.resultCode).toBe(10);
    const mixed = profileInput('Mixed');
    mixed.giveBack.totalReturnValueLimit = { currency: 'EUR', amount: 100 };
    const refused = await call('POST', '/api/harvester/profiles', mixed);
    expect(refused.json().error.errorDetails.fields).toHaveProperty(['giveBack.totalReturnValueLimit']);
  });

  it('creates, updates, duplicates, sets the default and removes', async () => {
    const first = await ok(call('POST', '/api/harvester/profiles', profileInput('Cards back')));
    expect(first).toMatchObject({
      name: 'Cards back',
      isDefault: true,
      distribution: { mode: 'roundRobin' },
    });
    const second = await ok(
      call(
        'POST',
        '/api/harvester/profiles',
        profileInput('Dota only', { games: { mode: 'whitelist', list: ['dota2'] } }),
      ),
    );
    expect(second.isDefault).toBe(false);
    const taken = await call('POST', '/api/harvester/profiles', profileInput('Dota only'));
    expect(taken.json().error.resultCode).toBe(5);

    const updated = await ok(
      call('PUT', `/api/harvester/profiles/${second.id}`, {
        ...profileInput('Dota only'),
        games: { mode: 'whitelist', list: ['dota2', 'tf2'] },
        distribution: { mode: 'balancedCap', capPerTarget: 500 },
        maxItemPrice: { currency: 'USD', amount: 25_000 },
      }),
    );
    expect(updated).toMatchObject({
      games: { mode: 'whitelist', list: ['dota2', 'tf2'] },
      distribution: { mode: 'balancedCap', capPerTarget: 500 },
      maxItemPrice: { currency: 'USD', amount: 25_000 },
    });

    const copy = await ok(call('POST', `/api/harvester/profiles/${second.id}/duplicate`, {}));
    expect(copy).toMatchObject({ name: 'Dota only (copy)', isDefault: false, games: updated.games });
    const copyRu = await ok(call('POST', `/api/harvester/profiles/${second.id}/duplicate`, {}, 'ru-RU'));
    expect(copyRu.name).toBe('Dota only (копия)');

    await ok(call('POST', `/api/harvester/profiles/${copy.id}/default`, {}));
    let list = await ok<{ id: number; isDefault: boolean }[]>(call('GET', '/api/harvester/profiles'));
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([copy.id]);
    expect(list[0]!.id).toBe(copy.id);

    await ok(call('DELETE', `/api/harvester/profiles/${copy.id}`));
    list = await ok(call('GET', '/api/harvester/profiles'));
    // Removing the default makes the oldest profile the default.
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([first.id]);
    expect((await call('DELETE', `/api/harvester/profiles/${copy.id}`)).json().error.resultCode).toBe(3);
  });
});
