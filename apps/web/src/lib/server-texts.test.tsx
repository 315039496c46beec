import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryError } from '../components/QueryState.tsx';
import { HsCodeForm } from '../features/hs-codes/components/HsCodeForm.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ApiError } from './api-client.ts';

/** A refusal as the server answers it: the English msg, and the same words as a catalogue key and params. */
const inUse = () =>
  new ApiError(409, 'The vendor MUL is used by 3 accounts and cannot be deleted.', 'IN_USE', [], {
    key: 'vendors.inUse',
    params: { name: 'MUL', count: 3 },
  });

describe('a server refusal with a key', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('shows in English', () => {
    renderWithProviders(<QueryError error={inUse()} onRetry={vi.fn()} />);
    expect(
      screen.getByText('The vendor MUL is used by 3 accounts and cannot be deleted.'),
    ).toBeInTheDocument();
  });

  it('shows in Vietnamese when Vietnamese is chosen', async () => {
    await changeLanguage('vi');
    renderWithProviders(<QueryError error={inUse()} onRetry={vi.fn()} />);
    expect(
      screen.getByText('Nhà cung cấp MUL đang được 3 tài khoản sử dụng nên không thể xóa.'),
    ).toBeInTheDocument();
  });

  it('renders a nested text (a field label) in the chosen language too', async () => {
    await changeLanguage('vi');
    const error = new ApiError(400, 'Customer name is required', 'VALIDATION_FAILED', [], {
      key: 'validation.required',
      params: { label: { key: 'field.customerName' } },
    });
    renderWithProviders(<QueryError error={error} onRetry={vi.fn()} />);
    expect(screen.getByText('Tên khách hàng không được để trống')).toBeInTheDocument();
  });

  it("falls back to the server's English msg for a key this web does not know", async () => {
    await changeLanguage('vi');
    const error = new ApiError(409, 'Something only a newer server says.', 'CONFLICT', [], {
      key: 'future.refusal',
      params: { count: 2 },
    });
    renderWithProviders(<QueryError error={error} onRetry={vi.fn()} />);
    expect(screen.getByText('Something only a newer server says.')).toBeInTheDocument();
  });
});

describe("a form's own validation", () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  const renderForm = () =>
    renderWithProviders(
      <HsCodeForm
        hsCode={null}
        onCreated={vi.fn()}
        onUpdated={vi.fn()}
        onDeleted={vi.fn()}
        onClear={vi.fn()}
      />,
    );

  it('says what the server would, in English', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('HS code is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
  });

  it('and in Vietnamese, with the same rules', async () => {
    await changeLanguage('vi');
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Mã HS/), '61#09');
    await user.click(screen.getByRole('button', { name: 'Thêm' }));
    expect(
      await screen.findByText('Mã HS chỉ được gồm chữ số, chữ cái, dấu chấm và dấu gạch ngang'),
    ).toBeInTheDocument();
    expect(screen.getByText('Mô tả không được để trống')).toBeInTheDocument();
  });
});
