/**
 * The edit of an order's customer details keeps a US destination whole (issue 21 item 4): the schema checked
 * each part given; here the parts given meet the parts stored, so a new state is checked against the ZIP code
 * the order already has, and a new ZIP code against its state.
 */
import {
  destinationAddressProblem,
  destinationCountryProblem,
  usStateProblem,
  zipFormatProblem,
} from '@parcelops/shared';
import { fieldError } from '../../lib/app-error.ts';
import { usZipState } from '../../lib/us-zip-codes.ts';
import type { NewOrderRow, OrderRow } from './orders.repository.ts';

type Destination = Pick<OrderRow, 'country' | 'state' | 'postalCode'>;

/** Throws the field's 400 when the edit leaves the order's address not a destination, or its ZIP another state's. */
export function assertEditedDestination(order: Destination, changes: Partial<NewOrderRow>): void {
  if (changes.country === undefined && changes.state === undefined && changes.postalCode === undefined)
    return;
  const address = {
    country: changes.country ?? order.country,
    state: changes.state ?? order.state,
    postalCode: changes.postalCode ?? order.postalCode,
  };
  // The parts the edit leaves may be an old order's free text: each is checked as if it were given.
  const country = destinationCountryProblem(address.country);
  if (country) throw fieldError('country', country);
  const state = usStateProblem(address.state);
  if (state) throw fieldError('state', state);
  const zip = zipFormatProblem(address.postalCode);
  if (zip) throw fieldError('postalCode', zip);
  const problem = destinationAddressProblem(address, usZipState);
  if (problem) throw fieldError(problem.path, problem.text);
}
