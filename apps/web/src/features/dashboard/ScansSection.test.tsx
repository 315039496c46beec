import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ScansSection } from './ScansSection.tsx';

describe('ScansSection', () => {
  it('shows the parcels scanned per hub and day, newest day first, with each day’s total', () => {
    renderWithProviders(
      <ScansSection
        days={30}
        rows={[
          { day: '2026-11-20', hub: 'SGN', count: 4 },
          { day: '2026-11-23', hub: 'HAN', count: 2 },
          { day: '2026-11-23', hub: 'SGN', count: 5 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Parcels scanned per hub and day' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'SGN', 'HAN', 'Total']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '2', '7']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0', '4']);
  });

  it('says so when nothing was scanned', () => {
    renderWithProviders(<ScansSection days={30} rows={[]} />);
    expect(screen.getByText('No parcels scanned in the last 30 days.')).toBeInTheDocument();
  });
});
