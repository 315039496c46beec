// What the order view's customer dialog shares with the add-order form. The page is not exported here:
// AppRoutes loads it in its own chunk.
export { OrderCustomerFields } from './components/OrderCustomerFields.tsx';
export { CUSTOMER_FIELDS, type CustomerFormValues, customerPayload } from './order-form-values.ts';
