export { ApiKeysPanel } from './components/ApiKeysPanel.tsx';
