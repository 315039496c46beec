/**
 * The batch upload's progress: while the server loads the file, the section reads the upload's progress under
 * the id it sent with the file and shows "Loading parcels: 4,000 of 20,000" with its bar; before the server has
 * read the file it shows the file on its way; when the result comes the bar goes and the counts are toasted.
 */
import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/save-file.ts';
import { signInAs } from '../../../test/session.ts';
import { batchStage, newProgressId } from '../batch-progress.ts';
import { renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

beforeEach(() => signInAs(Role.admin));
afterEach(() => vi.mocked(saveFile).mockReset());

describe('batchStage', () => {
  it('is the file on its way until the server counts the rows, then the rows loaded of all', () => {
    expect(batchStage(null)).toEqual({ kind: 'sending' });
    expect(batchStage({ done: 0, total: 0 })).toEqual({ kind: 'sending' });
    expect(batchStage({ done: 4_000, total: 20_000 })).toEqual({
      kind: 'loading',
      done: 4_000,
      total: 20_000,
      percent: 20,
    });
    expect(batchStage({ done: 30, total: 20 })).toMatchObject({ done: 20, percent: 100 });
  });

  it('names each upload with a fresh version 4 UUID', () => {
    const id = newProgressId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newProgressId()).not.toBe(id);
  });
});

describe('AmsBatchUpload progress', () => {
  it('shows the parcels loaded while the server works, then the result', async () => {
    let progress: { done: number; total: number } | null = null;
    let finish: (reply: Response) => void = () => {};
    const server = stubAmsServer({
      extra: (request) => {
        if (request.method === 'GET' && request.path.startsWith('/ams/batch/progress/'))
          return progress
            ? { status: 200, body: progress }
            : { status: 404, body: { msg: 'No', code: 'NOT_FOUND' } };
        return undefined;
      },
    });
    // The upload's reply waits until the test lets it come.
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST' && String(input).endsWith('/api/v1/ams/batch'))
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      return server(input, init);
    });
    vi.stubGlobal('fetch', fetch);
    const { user } = renderAmsView();
    const section = await screen.findByRole('region', { name: 'Batch upload' });
    await user.upload(within(section).getByLabelText(/^Batch Excel/), new File(['xlsx'], 'cartons.xlsx'));
    await user.click(within(section).getByRole('button', { name: 'Upload' }));

    expect(await within(section).findByText('Sending the file and reading it…')).toBeInTheDocument();
    progress = { done: 4_000, total: 20_000 };
    const bar = await within(section).findByRole('progressbar', { name: 'Loading parcels: 4,000 of 20,000' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    const form = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/v1/ams/batch'))?.[1]
      ?.body as FormData;
    const id = String(form.get('progress_id'));
    expect(server.mock.calls.some(([url]) => String(url).endsWith(`/api/v1/ams/batch/progress/${id}`))).toBe(
      true,
    );

    finish(
      new Response('xlsx', {
        status: 200,
        headers: { 'x-ams-added': '20000', 'x-ams-already': '0', 'x-ams-failed': '0' },
      }),
    );
    expect(await screen.findByText('Added 20,000, already in 0, failed 0')).toBeInTheDocument();
    expect(within(section).queryByTestId('ams-batch-progress')).not.toBeInTheDocument();
  });
});
