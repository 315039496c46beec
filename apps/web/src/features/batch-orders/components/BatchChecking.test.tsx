import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { batchOrder } from '../testing/batch-fixtures.ts';
import { BatchChecking } from './BatchChecking.tsx';

describe('BatchChecking', () => {
  it('says the rows are being checked, with no share, before any order is placed', () => {
    renderWithProviders(<BatchChecking batch={batchOrder({ rows: 2_000, placed: 0 })} />);
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking…' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("fills with the placed orders' share of the rows, short of full until the batch is done", () => {
    const { unmount } = renderWithProviders(
      <BatchChecking batch={batchOrder({ rows: 2_000, placed: 1_200 })} />,
    );
    expect(screen.getByText(/1,200 orders placed so far/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Placing the orders…' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    unmount();
    renderWithProviders(<BatchChecking batch={batchOrder({ rows: 2_000, placed: 2_000 })} />);
    expect(screen.getByRole('progressbar', { name: 'Placing the orders…' })).toHaveAttribute(
      'aria-valuenow',
      '99',
    );
  });
});
