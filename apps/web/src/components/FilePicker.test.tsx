import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FilePicker } from './FilePicker.tsx';

function Picker() {
  const [file, setFile] = useState<File | null>(null);
  return <FilePicker label="Orders Excel" accept=".xlsx" value={file} onChange={setFile} required />;
}

describe('FilePicker', () => {
  it('shows "No file chosen", then the chosen file name', async () => {
    const { user } = renderWithProviders(<Picker />);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/^Orders Excel/), new File(['x'], 'orders.xlsx'));

    expect(screen.getByText('orders.xlsx')).toBeInTheDocument();
    expect(screen.queryByText('No file chosen')).not.toBeInTheDocument();
  });
});
