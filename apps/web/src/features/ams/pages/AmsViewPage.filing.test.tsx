/** The AMS view's filing: the reconciliation, Submit AMS and how the filing ends, the files, the batch upload. */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/save-file.ts';
import { signInAs } from '../../../test/session.ts';
import { AMS_POLL_MS } from '../api.ts';
import { ams, finding, reconciliation } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

// Files are handed to the browser by saveFile; here it only records what it was given.
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
const saved = vi.mocked(saveFile);

beforeEach(() => signInAs(Role.admin));
afterEach(() => {
  vi.useRealTimers();
  saved.mockReset();
});

const button = (name: string) => screen.getByRole('button', { name });
const filing = () => screen.getByRole('region', { name: 'Filing' });
const toastOf = (text: string) => screen.getByText(text).closest('.mantine-Notification-root');

const twoProblems = reconciliation({
  problems: [
    finding(),
    finding({
      order_sid: 'ord-2',
      barcode: 'PO000000002',
      field: 'phone',
      message: 'The consignee has no phone number.',
    }),
  ],
  warnings: [finding({ field: 'declaredValue', message: 'Item SKU-1 has no declared value (USD).' })],
});

describe('AmsViewPage filing', () => {
  it('lists the problems, each leading to its order, and keeps Submit AMS off saying why', async () => {
    stubAmsServer({ reconciliation: twoProblems });
    renderAmsView();

    expect(await screen.findByText('2 problems stop the filing')).toBeInTheDocument();
    expect(screen.getByText('1 warning')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Problems that stop the filing' });
    expect(within(table).getByRole('link', { name: 'PO000000001' })).toHaveAttribute(
      'href',
      '/internal/orders/ord-1/view',
    );
    expect(within(table).getByRole('link', { name: 'PO000000002' })).toHaveAttribute(
      'href',
      '/internal/orders/ord-2/view',
    );
    expect(within(table).getByText('The consignee has no phone number.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Problems that stop the filing' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    const submit = within(filing()).getByRole('button', { name: 'Submit AMS' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Fix the 2 problems above first: they stop the filing.');
  });

  it('folds the warnings away until asked, and lets the filing go ahead with warnings only', async () => {
    stubAmsServer({ reconciliation: reconciliation({ warnings: twoProblems.warnings }) });
    const { user } = renderAmsView();

    expect(await screen.findByText('0 problems stop the filing')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: "Warnings for the broker's entry" })).not.toBeInTheDocument();
    const toggle = button('Show warnings');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(button('Hide warnings')).toHaveAttribute('aria-expanded', 'true');
    const warnings = screen.getByRole('table', { name: "Warnings for the broker's entry" });
    expect(within(warnings).getByText('Item SKU-1 has no declared value (USD).')).toBeInTheDocument();
    expect(button('Submit AMS')).toBeEnabled();
  });

  it('keeps Submit AMS off while the AMS has no parcels', async () => {
    stubAmsServer({ reconciliation: reconciliation({ cartons: [], pieces: 0, total_weight: 0 }) });
    renderAmsView();

    expect(
      await screen.findByText('Scan parcels into the AMS first: there is nothing to file.'),
    ).toBeVisible();
    expect(button('Submit AMS')).toBeDisabled();
  });

  it('files the AMS: "Filing…" while the job runs, then the success toast once it is submitted', async () => {
    let submitted = false;
    let asked = 0;
    const fetch = stubAmsServer({
      extra: (request) => {
        if (request.method === 'POST' && request.path === '/ams/submitAms') {
          submitted = true;
          return { status: 202, body: ams({ is_updating: true }) };
        }
        if (request.method === 'GET' && request.path === '/ams/ams-1' && submitted) {
          asked += 1;
          // Still filing when asked right after Submit, filed when the poll asks again.
          return {
            status: 200,
            body:
              asked === 1
                ? ams({ is_updating: true })
                : ams({ submit_status: 'submitted', status: 'closed', has_manifest_file: true }),
          };
        }
        return undefined;
      },
    });
    const { user } = renderAmsView();
    await screen.findByText('0 problems stop the filing');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button('Submit AMS'));

    expect(callsTo(fetch, 'POST', '/ams/submitAms')[0]?.body).toEqual({ ams_sid: 'ams-1' });
    expect(await screen.findByText('Filing…')).toBeInTheDocument();
    expect(button('Submit AMS')).toBeDisabled();
    expect(screen.queryByText('Successfully submitted AMS')).not.toBeInTheDocument();
    const reconciliations = callsTo(fetch, 'GET', '/ams/ams-1/reconciliation').length;

    await vi.advanceTimersByTimeAsync(AMS_POLL_MS);
    expect(await screen.findByText('Successfully submitted AMS')).toBeInTheDocument();
    expect(screen.queryByText('Filing…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download manifest' })).toBeInTheDocument();
    // What the filing moved is fetched again.
    await waitFor(() =>
      expect(callsTo(fetch, 'GET', '/ams/ams-1/reconciliation').length).toBeGreaterThan(reconciliations),
    );
    expect(screen.getAllByText('Successfully submitted AMS')).toHaveLength(1);
    // Filed: no more polling, so nothing more to tell.
    const polls = asked;
    await vi.advanceTimersByTimeAsync(AMS_POLL_MS * 3);
    expect(asked).toBe(polls);
  });

  it("shows a refusal's msg and fetches the reconciliation again, which lists every problem", async () => {
    let refused = false;
    const fetch = stubAmsServer({
      extra: (request) => {
        if (request.method === 'POST') {
          refused = true;
          return {
            status: 422,
            body: {
              msg: 'AMS SGN-LAX 23 Nov cannot be filed: 2 problems to fix first.',
              code: 'VALIDATION_FAILED',
              details: [
                { path: 'PO000000001.hs_code', message: 'Item SKU-1 has no HS code.' },
                { path: 'PO000000002.phone', message: 'The consignee has no phone number.' },
              ],
            },
          };
        }
        // A parcel lost its HS code since the page loaded.
        if (request.path === '/ams/ams-1/reconciliation' && refused)
          return { status: 200, body: twoProblems };
        return undefined;
      },
    });
    const { user } = renderAmsView();
    await screen.findByText('0 problems stop the filing');
    await user.click(button('Submit AMS'));

    expect(
      await screen.findByText('AMS SGN-LAX 23 Nov cannot be filed: 2 problems to fix first.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 problems stop the filing')).toBeInTheDocument();
    expect(button('Submit AMS')).toBeDisabled();
    expect(callsTo(fetch, 'GET', '/ams/ams-1/reconciliation')).toHaveLength(2);
  });

  it('downloads the AMS report, and the manifest once there is one', async () => {
    const fetch = stubAmsServer({
      ams: ams({ submit_status: 'submitted', status: 'closed', has_manifest_file: true }),
      extra: (request) =>
        request.method === 'GET' && ['/ams/ams-1/manifest', '/orders/amsreport'].includes(request.path)
          ? { status: 200, body: 'xlsx' }
          : undefined,
    });
    const { user } = renderAmsView();

    await user.click(await screen.findByRole('button', { name: 'Download manifest' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.anything(), 'AMS-157-12345675.xlsx'));
    await user.click(button('AMS report'));
    await waitFor(() =>
      expect(saved).toHaveBeenCalledWith(expect.anything(), 'AMS-157-12345675-report.xlsx'),
    );
    expect(callsTo(fetch, 'GET', '/orders/amsreport')[0]?.query.get('ams_sid')).toBe('ams-1');
  });

  it('offers no manifest before the AMS is filed', async () => {
    stubAmsServer();
    renderAmsView();

    expect(await screen.findByRole('button', { name: 'AMS report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download manifest' })).not.toBeInTheDocument();
  });
});

describe('AmsViewPage batch upload', () => {
  const sheet = () => new File(['xlsx'], 'cartons.xlsx');

  it('sends the AMS and the file, saves the result file and toasts the counts, then refetches', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'POST' && request.path === '/ams/batch'
          ? {
              status: 200,
              body: 'xlsx',
              headers: { 'x-ams-added': '2', 'x-ams-already': '1', 'x-ams-failed': '0' },
            }
          : undefined,
    });
    const { user } = renderAmsView();
    const section = await screen.findByRole('region', { name: 'Batch upload' });
    const upload = within(section).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.upload(within(section).getByLabelText(/^Batch Excel/), sheet());
    const before = {
      statistic: callsTo(fetch, 'GET', '/orders/statisticForAms').length,
      orders: callsTo(fetch, 'GET', '/orders').length,
      reconciliation: callsTo(fetch, 'GET', '/ams/ams-1/reconciliation').length,
    };
    await user.click(upload);

    expect(await screen.findByText('Added 2, already in 1, failed 0')).toBeInTheDocument();
    expect(toastOf('Added 2, already in 1, failed 0')?.getAttribute('style')).toContain('green');
    expect(saved).toHaveBeenCalledWith(expect.anything(), 'AMS_batch_result.xlsx');
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/v1/ams/batch'))?.[1]
      ?.body as FormData;
    expect(sent.get('ams_sid')).toBe('ams-1');
    expect(sent.get('file')).toBeInstanceOf(File);
    await waitFor(() => {
      expect(callsTo(fetch, 'GET', '/orders/statisticForAms').length).toBeGreaterThan(before.statistic);
      expect(callsTo(fetch, 'GET', '/orders').length).toBeGreaterThan(before.orders);
      expect(callsTo(fetch, 'GET', '/ams/ams-1/reconciliation').length).toBeGreaterThan(
        before.reconciliation,
      );
    });
    expect(within(section).getByText('No file chosen')).toBeInTheDocument();
  });

  it('toasts in the warning colour when some rows failed', async () => {
    stubAmsServer({
      extra: (request) =>
        request.method === 'POST' && request.path === '/ams/batch'
          ? {
              status: 200,
              body: 'xlsx',
              headers: { 'x-ams-added': '1', 'x-ams-already': '0', 'x-ams-failed': '2' },
            }
          : undefined,
    });
    const { user } = renderAmsView();
    const section = await screen.findByRole('region', { name: 'Batch upload' });
    await user.upload(within(section).getByLabelText(/^Batch Excel/), sheet());
    await user.click(within(section).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Added 1, already in 0, failed 2')).toBeInTheDocument();
    expect(toastOf('Added 1, already in 0, failed 2')?.getAttribute('style')).toContain('orange');
  });

  it("shows the server's msg when the file is refused, and saves nothing", async () => {
    stubAmsServer({
      extra: (request) =>
        request.method === 'POST'
          ? { status: 400, body: { msg: 'The file has no column barcode.', code: 'VALIDATION_FAILED' } }
          : undefined,
    });
    const { user } = renderAmsView();
    const section = await screen.findByRole('region', { name: 'Batch upload' });
    await user.upload(within(section).getByLabelText(/^Batch Excel/), sheet());
    await user.click(within(section).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('The file has no column barcode.')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
  });

  it('offers no upload once the AMS is submitted (AmsViewPage.read-only.test.tsx)', async () => {
    stubAmsServer({ ams: ams({ submit_status: 'submitted', status: 'closed' }) });
    renderAmsView();
    await screen.findByTestId('ams-read-only');
    expect(screen.queryByRole('region', { name: 'Batch upload' })).not.toBeInTheDocument();
  });
});
