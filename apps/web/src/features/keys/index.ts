export { ApiKeysPanel } from './components/ApiKeysPanel.tsx';
export { CopyTokenButton } from './components/CopyTokenButton.tsx';
