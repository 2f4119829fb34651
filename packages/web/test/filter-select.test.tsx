import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterSelect } from '../src/shared/filter-select.tsx';

afterEach(cleanup);

describe('a filter bar select', () => {
  it('labels the select, offers "all" first when given, and sends null for the empty value', () => {
    const sent: Array<string | null> = [];
    render(
      <FilterSelect
        label="Game"
        value="tf2"
        onChange={(value) => sent.push(value)}
        options={[
          ['csgo', 'CS2'],
          ['tf2', 'TF2'],
        ]}
        all="All"
        testId="sales-game"
      />,
    );
    const select = screen.getByLabelText('Game') as HTMLSelectElement;
    expect(select.dataset.testid).toBe('sales-game');
    expect(select.value).toBe('tf2');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All'],
      ['csgo', 'CS2'],
      ['tf2', 'TF2'],
    ]);
    fireEvent.change(select, { target: { value: 'csgo' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(sent).toEqual(['csgo', null]);
  });

  it('has no "all" option for a filter that always has a value, its default being the empty one', () => {
    render(
      <FilterSelect
        label="Group by"
        value=""
        onChange={() => {}}
        options={[
          ['', 'Day'],
          ['month', 'Month'],
        ]}
      />,
    );
    const select = screen.getByLabelText('Group by') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Day', 'Month']);
    expect(select.value).toBe('');
  });
});
