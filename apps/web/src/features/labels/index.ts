export { downloadOrderLabels } from './api.ts';
