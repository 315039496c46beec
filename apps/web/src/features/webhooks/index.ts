export { webhookKeys } from './api.ts';
export { WebhooksPanel } from './components/WebhooksPanel.tsx';
