/** The access matrix (batch-orders.matrix.ts): batch orders and the order import. */
import { BATCH_ORDERS } from './batch-orders.matrix.ts';
import { runMatrix } from './matrix.ts';

runMatrix(BATCH_ORDERS);
