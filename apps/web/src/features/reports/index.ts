export { OrderReportButtons } from './components/OrderReportButtons.tsx';
