// What the other order rooms (order-entry, order-detail, imports, reports, labels, hub) use of the orders.
// The pages are not exported here: AppRoutes loads each in its own chunk.
export {
  type OrderListParams,
  orderKeys,
  orderQuery,
  orderQuoteQuery,
  useOrderSaved,
} from './api.ts';
export { OrderStatusBadge, useOrderStatusLabel } from './components/OrderStatusBadge.tsx';
export { ORDER_PLACERS } from './order-access.ts';
