/**
 * The access matrix (accounts.matrix.ts): account users, their accounts and their API keys; the signed-in
 * person.
 */
import { ACCOUNTS } from './accounts.matrix.ts';
import { runMatrix } from './matrix.ts';

runMatrix(ACCOUNTS);
