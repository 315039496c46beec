export { LazyDashboard } from './LazyDashboard.tsx';
