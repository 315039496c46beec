/**
 * The access matrix (ams.matrix.ts): air manifests: the AMS screens are the admins'; the scanning page's
 * calls the hub's.
 */
import { AMS } from './ams.matrix.ts';
import { runMatrix } from './matrix.ts';

runMatrix(AMS);
