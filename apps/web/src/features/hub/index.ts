// What other features use of the hub: the links to its screens. The scan station's parts another station
// (AMS scanning) shares live in features/station. The page is not exported here: AppRoutes loads it in its own
// chunk.

export {
  AMS_SCANNING_AVAILABLE,
  AMS_SCANNING_PATH,
  SCAN_ORDERS_PATH,
  type ScanTabName,
  scanOrdersPath,
} from './hub-links.ts';
