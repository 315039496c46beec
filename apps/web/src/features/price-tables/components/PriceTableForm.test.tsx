import { type PriceTable, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { PriceTableAddPage } from '../pages/PriceTableAddPage.tsx';
import { PriceTableForm } from './PriceTableForm.tsx';

const saved: PriceTable = {
  sid: 'pt-1',
  name: 'Standard 2025',
  rows_count: 2,
  accounts_count: 1,
  date_created: '2025-01-01T00:00:00.000Z',
  pricese: '[]',
  rows: [],
};

const workbook = () => new File(['xlsx'], 'rates.xlsx');

function renderForm(priceTable?: PriceTable) {
  signInAs(Role.admin);
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const result = renderWithProviders(
    <PriceTableForm priceTable={priceTable} onSubmit={onSubmit} onCancel={vi.fn()} />,
  );
  return { ...result, onSubmit };
}

describe('PriceTableForm', () => {
  it('keeps Save disabled until a file is chosen', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Express  ');

    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();

    const file = workbook();
    await user.upload(screen.getByLabelText(/^Price Excel/), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({ name: 'Express', file });
  });

  it('fixes the name of an existing table and sends it unchanged', async () => {
    const { user, onSubmit } = renderForm(saved);

    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toBeDisabled();
    expect(name).toHaveValue('Standard 2025');

    const file = workbook();
    await user.upload(screen.getByLabelText(/^Price Excel/), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({ name: 'Standard 2025', file });
    expect(await screen.findByText('No file chosen')).toBeInTheDocument();
  });

  it("lists the file's row problems under the picker and toasts the server's msg", async () => {
    signInAs(Role.admin);
    const msg = '2 problems in the file, nothing was saved. Row 3, column weight: must be a whole number';
    const fetch = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/pricese'
        ? {
            status: 400,
            body: {
              msg,
              code: 'VALIDATION_FAILED',
              details: [
                {
                  path: 'row 3.weight',
                  message: 'Row 3, column weight: must be a whole number of grams above 0',
                },
                { path: 'row 5.usd', message: 'Row 5, column usd: must be a number' },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<PriceTableAddPage />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Express');
    await user.upload(screen.getByLabelText(/^Price Excel/), workbook());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const problems = await screen.findByRole('alert', { name: 'Problems in the file' });
    expect(
      within(problems).getByText('Row 3, column weight: must be a whole number of grams above 0'),
    ).toBeInTheDocument();
    expect(within(problems).getByText('Row 5, column usd: must be a number')).toBeInTheDocument();
    expect(screen.getByText(msg)).toBeInTheDocument();

    const [, init] = fetch.mock.calls[0] ?? [];
    const body = init?.body as FormData;
    expect(body.get('name')).toBe('Express');
    expect(body.get('file')).toBeInstanceOf(File);
  });
});
