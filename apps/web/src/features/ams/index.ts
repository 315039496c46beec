/** What other features use of the AMS screens: the keys and the statistic the scanning page shares. */
export { amsKeys, amsStatisticQuery } from './api.ts';
