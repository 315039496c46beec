import { Messages } from '@parcelops/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SelectableTable } from './SelectableTable.tsx';

interface Code {
  sid: string;
  hs_code: string;
  weight: number;
}

const rows: Code[] = [
  { sid: 'c1', hs_code: '4202', weight: 120 },
  { sid: 'c2', hs_code: '6109', weight: 80 },
];

function renderTable(onSelect = vi.fn(), tableRows = rows) {
  renderWithProviders(
    <>
      <button type="button">Elsewhere</button>
      <SelectableTable
        title="HS codes"
        columns={[
          { key: 'hs_code', label: 'Code' },
          { key: 'weight', label: 'Weight', numeric: true },
        ]}
        rows={tableRows}
        rowId={(row) => row.sid}
        onSelect={onSelect}
      />
    </>,
  );
  return onSelect;
}

describe('SelectableTable', () => {
  it('passes the clicked row id and highlights the row', async () => {
    const onSelect = renderTable();

    fireEvent.click(screen.getByText('6109'));

    expect(onSelect).toHaveBeenCalledWith('c2');
    expect(screen.getByText('6109').closest('tr')).toHaveAttribute('data-selected', 'true');
    expect(screen.getByText('4202').closest('tr')).not.toHaveAttribute('data-selected');
  });

  it('keeps the id in a hidden last cell and right-aligns numeric columns', () => {
    renderTable();
    const row = screen.getByText('4202').closest('tr');
    const cells = row?.querySelectorAll('td') ?? [];

    expect(cells[cells.length - 1]).toHaveTextContent('c1');
    expect(cells[cells.length - 1]).not.toBeVisible();
    expect(screen.getByText('120')).toHaveStyle({ textAlign: 'right' });
  });

  it("reports '' when a click outside drops the selection", () => {
    const onSelect = renderTable();
    fireEvent.click(screen.getByText('4202'));

    fireEvent.mouseDown(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(onSelect).toHaveBeenLastCalledWith('');
    expect(screen.getByText('4202').closest('tr')).not.toHaveAttribute('data-selected');
  });

  it('shows the empty text without rows', () => {
    renderTable(vi.fn(), []);

    expect(screen.getByText(Messages.noData)).toBeInTheDocument();
  });
});
