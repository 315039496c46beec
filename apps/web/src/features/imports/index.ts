export { ImportOrdersButton } from './components/ImportOrdersButton.tsx';
