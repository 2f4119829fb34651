import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('system.status', () => {
  it('reports version, mode, database and no maintenance by default', async () => {
    t = await createTestApp({ mode: 'live' });
    const body = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.data).toMatchObject({
      name: 'tradedeck',
      mode: 'live',
      maintenance: { active: false, reason: null, estimatedCompletion: null },
    });
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(['pglite', 'postgres']).toContain(body.data.database);
    expect(Date.parse(body.data.serverTime)).not.toBeNaN();
  });

  it('shows maintenance stored by an administrator', async () => {
    t = await createTestApp();
    await t.app.services.system.setMaintenance({
      active: true,
      reason: 'Обновление',
      estimatedCompletion: null,
    });
    const body = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.data.maintenance).toEqual({ active: true, reason: 'Обновление', estimatedCompletion: null });
  });

  it('lets the environment override the stored flag', async () => {
    t = await createTestApp({
      maintenance: { active: false, reason: null, estimatedCompletion: null },
    });
    await t.app.services.system.setMaintenance({ active: true, reason: 'stored', estimatedCompletion: null });
    const body = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.data.maintenance.active).toBe(false);
  });

  it('drops reason and ETA once maintenance is over', async () => {
    t = await createTestApp();
    await t.app.services.system.setMaintenance({ active: false, reason: 'old', estimatedCompletion: null });
    const body = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.data.maintenance).toEqual({ active: false, reason: null, estimatedCompletion: null });
  });
});
