// What other features use of the order view: the item correction dialog (the AMS filing panel's "Fix"). The
// page is not exported here: AppRoutes loads it in its own chunk.
export { OrderItemEditDialog, type OrderItemEditDialogProps } from './components/OrderItemEditDialog.tsx';
