import { contract } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Caller,
  type HandlerContext,
  type Handlers,
  implement,
  operationsExcept,
} from '../../src/http/implement.ts';

const settings = { displayedCurrency: 'RUB', tmPreferredCurrency: 'RUB', chosen: true } as const;

describe('implement() types', () => {
  it('needs a handler for every operation of the area', () => {
    implement(contract.settings, { get: () => settings, update: (input) => ({ ...input, chosen: true }) });
    // @ts-expect-error `update` has no handler
    implement(contract.settings, { get: () => settings });
    // @ts-expect-error an operation the contract does not declare
    implement(contract.settings, { get: () => settings, update: () => settings, reset: () => settings });
    const proxiesButExport = {} as Omit<Handlers<typeof contract.proxies>, 'check' | 'export'>;
    // @ts-expect-error leaving `check` to another module does not leave out `export`
    implement(operationsExcept(contract.proxies, 'check'), proxiesButExport);
  });

  it('types each handler by its operation', () => {
    implement(contract.settings, {
      get: () => settings,
      // @ts-expect-error the output must match the operation's schema
      update: () => ({ displayedCurrency: 'RUB' }),
    });
    implement(contract.search, {
      global: (input) => {
        expectTypeOf(input.searchString).toBeString();
        return { proxies: [], steamAccounts: [] };
      },
    });
  });

  it('gives a non-public handler the signed-in caller and a public one none', () => {
    expectTypeOf<HandlerContext<typeof contract.settings.get>['user']>().toEqualTypeOf<Caller>();
    expectTypeOf<HandlerContext<typeof contract.settings.get>['lang']>().toEqualTypeOf<Language>();
    expectTypeOf<HandlerContext<typeof contract.system.status>>().not.toHaveProperty('user');
    expectTypeOf<HandlerContext<typeof contract.auth.login>>().not.toHaveProperty('user');
    expectTypeOf<Caller>().toHaveProperty('userId').toBeString();
  });
});
