export { downloadOrderLabels } from './api.ts';
export { LabelFormatPicker } from './components/LabelFormatPicker.tsx';
export { useLabelOutput } from './use-label-output.ts';
