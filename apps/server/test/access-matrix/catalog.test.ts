/**
 * The access matrix (catalog.matrix.ts): the catalog: vendors, price tables, HS codes and item declarations.
 */
import { CATALOG } from './catalog.matrix.ts';
import { runMatrix } from './matrix.ts';

runMatrix(CATALOG);
