import { Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { ams, GOOD_MAWB } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsAdd, stubAmsServer } from '../testing/ams-pages.tsx';

type User = ReturnType<typeof renderAmsAdd>['user'];

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Fills what has no default: name, departure, MAWB and HAWB. */
async function fillRequired(user: User, mawb = GOOD_MAWB) {
  await user.type(field(/^Name/), 'SGN-LAX 23 Nov');
  fireEvent.change(screen.getByLabelText(/^Departure date and time/), {
    target: { value: '2026-11-23T21:30' },
  });
  await user.type(field(/^Master air waybill/), mawb);
  await user.type(field(/^HAWB/), 'h1001');
}

beforeEach(() => signInAs(Role.admin));

describe('AmsAddPage', () => {
  it('starts with the defaults LAX, DHL, First Class and SGN, and no status', () => {
    stubAmsServer();
    renderAmsAdd();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create AMS');
    expect(field(/^Airport code/)).toHaveValue('LAX');
    expect(field(/^Service type/)).toHaveValue('First Class');
    expect(screen.getByRole('combobox', { name: /^Carrier/ })).toHaveValue('DHL');
    expect(screen.getByRole('combobox', { name: /^Location/ })).toHaveValue('SGN');
    expect(screen.queryByRole('combobox', { name: /^Status/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit AMS' })).not.toBeInTheDocument();
  });

  it("shows the shared schema's check-digit refusal on the MAWB field and sends nothing", async () => {
    const fetch = stubAmsServer();
    const { user } = renderAmsAdd();

    await fillRequired(user, '157-12345670');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const message = 'Master air waybill 157-12345670 fails its check digit: the last digit should be 5.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(/^Master air waybill/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, 'POST', '/ams')).toHaveLength(0);
  });

  it('asks for the required fields', async () => {
    const fetch = stubAmsServer();
    const { user } = renderAmsAdd();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Departure date is required')).toBeInTheDocument();
    expect(screen.getByText('Master air waybill is required')).toBeInTheDocument();
    expect(screen.getByText('HAWB is required')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/ams')).toHaveLength(0);
  });

  it('creates the AMS with the defaults and goes back to the list', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'POST' && request.path === '/ams' ? { status: 201, body: ams() } : undefined,
    });
    const { user } = renderAmsAdd();

    await fillRequired(user, '15712345675');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/internal\/ams$/));
    expect(callsTo(fetch, 'POST', '/ams')[0]?.body).toEqual({
      name: 'SGN-LAX 23 Nov',
      departureDate: new Date('2026-11-23T21:30').toISOString(),
      masterAirWaybill: GOOD_MAWB,
      airportCode: 'LAX',
      hawb: 'H1001',
      carrier: 'DHL',
      serviceType: 'First Class',
      location: 'SGN',
    });
  });

  it("puts the server's field details on the fields", async () => {
    stubAmsServer({
      extra: (request) =>
        request.method === 'POST'
          ? {
              status: 409,
              body: {
                msg: 'This master air waybill is already used',
                code: 'CONFLICT',
                details: [{ path: 'masterAirWaybill', message: 'Already used by AMS SGN-LAX 1 Nov' }],
              },
            }
          : undefined,
    });
    const { user } = renderAmsAdd();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Already used by AMS SGN-LAX 1 Nov')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/internal/ams/add');
  });
});
