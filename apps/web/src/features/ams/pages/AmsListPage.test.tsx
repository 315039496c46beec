import { Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { ams } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsList, stubAmsServer } from '../testing/ams-pages.tsx';
import { AMS_NAME_DEBOUNCE_MS } from '../use-ams-search.ts';

const soon = ams({ sid: 'ams-1', name: 'SGN-LAX 23 Nov', departing_soon: true });
const closed = ams({ sid: 'ams-2', name: 'HAN-LAX 20 Nov', status: 'closed', pieces: 0, total_weight: 0 });

type Fetch = ReturnType<typeof stubAmsServer>;
const lastQuery = (fetch: Fetch) => callsTo(fetch, 'GET', '/ams').at(-1)?.query;
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('AmsListPage', () => {
  it('lists the AMS with status, pieces, weight in KG, the departs-soon badge and the total', async () => {
    signInAs(Role.admin);
    const fetch = stubAmsServer({ list: [soon, closed], total: 2 });
    renderAmsList();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AMS');
    expect(screen.getByRole('link', { name: 'Add AMS' })).toHaveAttribute('href', '/internal/ams/add');
    await screen.findByText('SGN-LAX 23 Nov');
    const first = rowOf('SGN-LAX 23 Nov');
    expect(within(first).getByText('Departs soon')).toBeInTheDocument();
    expect(within(first).getByText('Initiated')).toBeInTheDocument();
    expect(within(first).getByText('4.56 kg')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/internal/ams/ams-1/view',
    );
    const second = rowOf('HAN-LAX 20 Nov');
    expect(within(second).queryByText('Departs soon')).not.toBeInTheDocument();
    expect(within(second).getByText('Closed')).toBeInTheDocument();
    expect(within(second).getByText('0.00 kg')).toBeInTheDocument();
    expect(screen.getByText('Total records: 2')).toBeInTheDocument();

    const query = lastQuery(fetch);
    expect(query?.get('page')).toBe('0');
    expect(query?.get('page_size')).toBe('25');
    expect(query?.get('name')).toBeNull();
  });

  it('sends the name only once typing has paused for 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.admin);
    const fetch = stubAmsServer();
    renderAmsList();
    await screen.findByText('SGN-LAX 23 Nov');

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'SGN' } });
    expect(screen.getByTestId('location')).toHaveTextContent('name=SGN');
    await vi.advanceTimersByTimeAsync(AMS_NAME_DEBOUNCE_MS - 200);
    expect(callsTo(fetch, 'GET', '/ams').some(({ query }) => query.has('name'))).toBe(false);

    await vi.advanceTimersByTimeAsync(400);
    await waitFor(() => expect(lastQuery(fetch)?.get('name')).toBe('SGN'));
    expect(lastQuery(fetch)?.get('page')).toBe('0');
  });

  it('sends the creation date range and the page size', async () => {
    signInAs(Role.admin);
    const fetch = stubAmsServer();
    const { user } = renderAmsList();
    await screen.findByText('SGN-LAX 23 Nov');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => {
      expect(lastQuery(fetch)?.get('from_date')).toBe('2026-11-01');
      expect(lastQuery(fetch)?.get('to_date')).toBe('2026-11-30');
    });

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(fetch)?.get('page_size')).toBe('50'));
    expect(lastQuery(fetch)?.get('from_date')).toBe('2026-11-01');
  });

  it('moves between pages, sending the zero-based page', async () => {
    signInAs(Role.admin);
    const fetch = stubAmsServer({ list: [soon], total: 60 });
    const { user } = renderAmsList();

    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('location')).toHaveTextContent('page=2');
    await waitFor(() => expect(lastQuery(fetch)?.get('page')).toBe('2'));
    expect(screen.getByText('Total records: 60')).toBeInTheDocument();
  });

  it('deletes an AMS after confirmation', async () => {
    signInAs(Role.admin);
    const list = [soon, closed];
    const fetch = stubAmsServer({
      list,
      extra: (request) => {
        if (request.method !== 'DELETE' || request.path !== '/ams/ams-2') return undefined;
        list.splice(1, 1);
        return { status: 200, body: { sid: 'ams-2' } };
      },
    });
    const { user } = renderAmsList();

    await screen.findByText('HAN-LAX 20 Nov');
    await user.click(within(rowOf('HAN-LAX 20 Nov')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to delete the AMS HAN-LAX 20 Nov?')).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE', '/ams/ams-2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Successfully deleted')).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE', '/ams/ams-2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('HAN-LAX 20 Nov')).not.toBeInTheDocument());
  });

  it("shows the server's msg when the AMS cannot be deleted", async () => {
    signInAs(Role.admin);
    stubAmsServer({
      extra: (request) =>
        request.method === 'DELETE'
          ? { status: 409, body: { msg: 'A submitted AMS cannot be deleted', code: 'CONFLICT' } }
          : undefined,
    });
    const { user } = renderAmsList();

    await screen.findByText('SGN-LAX 23 Nov');
    await user.click(within(rowOf('SGN-LAX 23 Nov')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A submitted AMS cannot be deleted')).toBeInTheDocument();
    expect(screen.getByText('SGN-LAX 23 Nov')).toBeInTheDocument();
  });

  it('refuses operators, who are sent home with the notice', async () => {
    signInAs(Role.operator);
    const fetch = stubAmsServer();
    renderAmsList();
    expect(await screen.findByText('You do not have permissions to view AMS')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/internal');
    expect(callsTo(fetch, 'GET', '/ams')).toHaveLength(0);
  });
});
