/**
 * What other features use of the AMS screens: the keys and the statistic the scanning page shares, and the
 * waiting list it shows too.
 */
export { amsKeys, amsStatisticQuery } from './api.ts';
export { AmsWaitingList } from './components/AmsWaitingList.tsx';
