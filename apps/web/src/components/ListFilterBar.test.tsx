import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ListFilterBar } from './ListFilterBar.tsx';

/** A bar whose values live in state, as a page keeps them in its URL; `onChange` sees every change. */
function Bar({ onChange }: { onChange: (change: object) => void }) {
  const [values, setValues] = useState({ filter: '', from_date: '2026-11-01', to_date: '', page_size: 25 });
  const change = (next: object) => {
    onChange(next);
    setValues((current) => ({ ...current, ...next }));
  };
  return (
    <ListFilterBar
      text={{ label: 'Name', value: values.filter, onChange: (filter) => change({ filter }) }}
      dates={{ from: values.from_date, to: values.to_date, onChange: change }}
      pageSize={{ sizes: [25, 50, 100], value: values.page_size, onChange: change }}
      status={<p>status buttons</p>}
    />
  );
}

describe('ListFilterBar', () => {
  it('hands each filter its change under the wire name, and each date bounds the other', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Bar onChange={onChange} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'AB');
    expect(onChange).toHaveBeenLastCalledWith({ filter: 'AB' });

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(to).toHaveAttribute('min', '2026-11-01');
    expect(from).not.toHaveAttribute('max');

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(onChange).toHaveBeenLastCalledWith({ page_size: 50 });
    expect(screen.getByText('status buttons')).toBeInTheDocument();
  });

  it('folds the filters behind a button on a phone, saying how many are set, and keeps the status out', async () => {
    // A 390 px phone: every max-width query the bar asks matches.
    const desktop = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...desktop(query),
      matches: query.includes('max-width'),
    }));
    const { user } = renderWithProviders(
      <ListFilterBar
        text={{ label: 'Name', value: 'AB', onChange: () => {} }}
        foldOnPhone={{ active: 1 }}
        status={<p>status buttons</p>}
      />,
    );

    const fold = screen.getByRole('button', { name: 'Filters (1 active)' });
    expect(fold).toHaveAccessibleName('Filters (1 active)');
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('status buttons')).toBeVisible();
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    // The panel opens with a transition; folded, the box kept what was typed.
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('AB');
  });
});
