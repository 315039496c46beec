import { Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/routes/AppRoutes.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { LABEL_OUTPUT_KEY } from '../use-label-output.ts';

// Files are handed to the browser by saveFile; here it only records what it was given.
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
const saved = vi.mocked(saveFile);

/** The label calls made, as path and query. */
const labelCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/label'))
    .map((url) => `${url.pathname}${url.search}`);

describe('LabelPrintPage', () => {
  // jsdom has no blob URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:label-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    saved.mockReset();
  });

  it("shows the order's label with Print and Download, fetched with the session's token", async () => {
    const token = signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubFetch(({ path }) => {
      if (path === '/orders/ord-1/label') return { status: 200, body: '%PDF-1.7' };
      if (path === '/orders/ord-1') return { status: 200, body: order() };
      return undefined;
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/labels/ord-1' });

    expect(await screen.findByTitle('Label')).toHaveAttribute('src', 'blob:label-1');
    expect(await screen.findByRole('heading', { name: 'Label for order ORD-1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    const label = fetch.mock.calls.find(
      ([input]) => String(input) === '/api/v1/orders/ord-1/label?format=pdf',
    );
    expect(new Headers(label?.[1]?.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(saved).toHaveBeenCalledWith(expect.anything(), 'label-PO123456789.pdf');
  });

  it('asks for ZPL at the chosen dpi, shows no viewer, and offers the file for the thermal printer', async () => {
    const token = signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubFetch(({ path, query }) => {
      if (path === '/orders/ord-1/label')
        return { status: 200, body: `^XA^PW${query.get('dpi') === '300' ? 1218 : 812}^XZ` };
      if (path === '/orders/ord-1') return { status: 200, body: order() };
      return undefined;
    });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/labels/ord-1' });
    await screen.findByTitle('Label');

    await user.click(screen.getByText('Thermal (ZPL)'));
    await user.click(await screen.findByText('300 dpi'));

    const download = await screen.findByRole('button', { name: 'Download ZPL' });
    expect(
      screen.getByText('Thermal printers print this file directly: send it to the printer as it is.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Label')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(labelCalls(fetch)).toEqual([
      '/api/v1/orders/ord-1/label?format=pdf',
      '/api/v1/orders/ord-1/label?format=zpl&dpi=203',
      '/api/v1/orders/ord-1/label?format=zpl&dpi=300',
    ]);
    const zpl = fetch.mock.calls.find(([input]) => String(input).endsWith('format=zpl&dpi=300'));
    expect(new Headers(zpl?.[1]?.headers).get('authorization')).toBe(`Bearer ${token}`);

    await user.click(download);
    expect(saved).toHaveBeenCalledTimes(1);
    const [file, name] = saved.mock.calls[0] ?? [];
    expect(name).toBe('label-PO123456789.zpl');
    expect(await (file as Blob).text()).toContain('^PW1218');
  });

  it("opens in the format this device chose last, and still shows the server's msg when there is no label", async () => {
    signInAs(Role.admin);
    localStorage.setItem(LABEL_OUTPUT_KEY, JSON.stringify({ format: 'zpl', dpi: 300 }));
    const msg = 'An Order Failed order has no label.';
    const fetch = stubFetch(({ path }) =>
      path === '/orders/ord-2/label' ? { status: 409, body: { msg, code: 'CONFLICT' } } : undefined,
    );
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-2' });

    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(labelCalls(fetch)).toEqual(['/api/v1/orders/ord-2/label?format=zpl&dpi=300']);
    expect(screen.getByRole('radio', { name: '300 dpi' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Download ZPL' })).not.toBeInTheDocument();
  });

  it("shows the server's msg when there is no label", async () => {
    signInAs(Role.admin);
    const msg = 'An Order Failed order has no label.';
    stubFetch(({ path }) =>
      path === '/orders/ord-2/label' ? { status: 409, body: { msg, code: 'CONFLICT' } } : undefined,
    );
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-2' });

    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(screen.queryByTitle('Label')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('sends a visitor without a session to sign in', async () => {
    stubFetch(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-1' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
