import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { labelPath } from '../api.ts';
import { LABEL_OUTPUT_KEY, useLabelOutput } from '../use-label-output.ts';
import { LabelFormatPicker } from './LabelFormatPicker.tsx';

/** The picker as the screens use it: the remembered choice, and what it asks the server for. */
function Harness() {
  const [output, setOutput] = useLabelOutput();
  return (
    <>
      <LabelFormatPicker value={output} onChange={setOutput} />
      <p data-testid="path">{labelPath('/orders/ord-1/label', output)}</p>
    </>
  );
}

const stored = () => JSON.parse(localStorage.getItem(LABEL_OUTPUT_KEY) ?? 'null');

describe('LabelFormatPicker', () => {
  it('starts at PDF, asks the dpi only for ZPL, and asks the server for what is chosen', async () => {
    const { user } = renderWithProviders(<Harness />);

    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: 'Printer resolution' })).not.toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/orders/ord-1/label?format=pdf');

    await user.click(screen.getByText('Thermal (ZPL)'));
    expect(screen.getByRole('radio', { name: 'Thermal (ZPL)' })).toBeChecked();
    const dpi = screen.getByRole('radiogroup', { name: 'Printer resolution' });
    expect(within(dpi).getByRole('radio', { name: '203 dpi' })).toBeChecked();
    expect(screen.getByTestId('path')).toHaveTextContent('/orders/ord-1/label?format=zpl&dpi=203');

    await user.click(screen.getByText('300 dpi'));
    expect(screen.getByTestId('path')).toHaveTextContent('/orders/ord-1/label?format=zpl&dpi=300');
    expect(stored()).toEqual({ format: 'zpl', dpi: 300 });

    await user.click(screen.getByText('PDF'));
    expect(screen.queryByRole('radiogroup', { name: 'Printer resolution' })).not.toBeInTheDocument();
    expect(stored()).toEqual({ format: 'pdf' });
  });

  it('remembers the last choice on this device', async () => {
    const first = renderWithProviders(<Harness />);
    await first.user.click(screen.getByText('Thermal (ZPL)'));
    await first.user.click(screen.getByText('300 dpi'));
    first.unmount();

    renderWithProviders(<Harness />);
    expect(screen.getByRole('radio', { name: 'Thermal (ZPL)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '300 dpi' })).toBeChecked();
    expect(screen.getByTestId('path')).toHaveTextContent('format=zpl&dpi=300');
  });

  it('falls back to PDF when the stored choice is not one the server takes', () => {
    localStorage.setItem(LABEL_OUTPUT_KEY, JSON.stringify({ format: 'zpl', dpi: 600 }));
    renderWithProviders(<Harness />);
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(screen.getByTestId('path')).toHaveTextContent('/orders/ord-1/label?format=pdf');
  });
});
