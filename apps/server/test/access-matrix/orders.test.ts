/**
 * The access matrix (orders.matrix.ts): orders: account users and their keys on their own account; staff by
 * role.
 */

import { runMatrix } from './matrix.ts';
import { ORDERS } from './orders.matrix.ts';

runMatrix(ORDERS);
