/**
 * The access matrix (hub.matrix.ts): the public routes, the account's webhook, hub uploads and scanning,
 * tracking.
 */
import { HUB } from './hub.matrix.ts';
import { runMatrix } from './matrix.ts';

runMatrix(HUB);
