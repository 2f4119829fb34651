/**
 * The shared pieces of the list pages: the header reads its title, lead and counters from the area's texts (the
 * counters' numbers in the interface language), and the table props carry the page's id, label and empty text,
 * the server list's paging and the cursor.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ListHeader } from '../src/shared/table/list-header.tsx';
import { listTableProps } from '../src/shared/table/list-table.ts';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

describe('the list header', () => {
  it('shows the area’s title and its counters, the numbers formatted, once they are loaded', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ListHeader texts="lots" counts={{ groups: 1200, lots: 34_567 }} countsTestId="lot-counters">
          <button type="button">Sync</button>
        </ListHeader>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Lots');
    expect(screen.getByTestId('lot-counters').textContent).toBe('Groups: 1,200 · lots: 34,567');
    expect(screen.getByRole('button').textContent).toBe('Sync');
  });

  it('shows the lead instead, and no counters line while they are not loaded', () => {
    const i18n = createI18n('ru');
    render(
      <I18nextProvider i18n={i18n}>
        <ListHeader texts="priceProfile" lead counts={undefined} countsTestId="price-counters" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe(i18n.t('priceProfile.title'));
    expect(screen.getByText(i18n.t('priceProfile.lead'))).toBeTruthy();
    expect(screen.queryByTestId('price-counters')).toBeNull();
  });
});

describe('the list table props', () => {
  it('name the table from the page id and keep the paging and the cursor', () => {
    const i18n = createI18n('en');
    const cursor = {
      activeId: null,
      selectedIds: ['3'],
      setSelectedIds: () => {},
      props: { onActiveRowChange: () => {}, selection: { ids: ['3'], onChange: () => {} } },
    };
    const table = { loading: false, sort: [], onSortChange: () => {}, paging: { page: 2 } };
    const props = listTableProps({ table }, 'steam-accounts', i18n.t, {
      columns: [],
      rows: [{ id: 3 }],
      getRowId: (row) => String(row.id),
      cursor,
    });
    expect(props).toMatchObject({
      id: 'steam-accounts',
      label: i18n.t('steamAccounts.title'),
      emptyText: i18n.t('steamAccounts.empty'),
      paging: { page: 2 },
      selection: { ids: ['3'] },
    });
    expect(props.getRowId({ id: 3 })).toBe('3');
  });
});
