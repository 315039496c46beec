// The pages are not exported here: AppRoutes loads each in its own chunk, and the signed-in layout, which
// imports useSignOut, must not pull the sign-in screens into the entry.
export { useSignOut } from './use-sign-out.ts';
