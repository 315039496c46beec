import type { TextParams } from '../texts/text.ts';

/**
 * The one error contract between server and web: every failed call answers `{ msg, code, details? }`.
 * Clients branch on `code`, never on `msg` (which is for people and follows the product spec's wording).
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** The account already has an order with this order number (409, details name `orderNumber`). */
  ORDER_NUMBER_TAKEN: 'ORDER_NUMBER_TAKEN',
  IN_USE: 'IN_USE',
  /**
   * A status change the order's status does not allow (status-transitions.ts's checkTransition; 409, the msg
   * says why): back to Generated, out of Delivered or Order Failed, or backwards without an admin's reason.
   */
  STATUS_TRANSITION_REFUSED: 'STATUS_TRANSITION_REFUSED',
  /**
   * A parcel the hub set aside (Failed) scanned into a manifest (409; the msg names the barcode and its reason):
   * only an admin who gives a reason may load it.
   */
  PARCEL_SET_ASIDE: 'PARCEL_SET_ASIDE',
  /**
   * An order item edit came too late: the order's manifest is submitted (or being filed), or the order is
   * Processed, Delivered or Order Failed (409, PUT /orders/items/{id}).
   */
  ORDER_MANIFEST_SUBMITTED: 'ORDER_MANIFEST_SUBMITTED',
  /** Someone else edited the order's items since the editor read them: its items_version moved on (409). */
  ITEMS_CHANGED: 'ITEMS_CHANGED',
  /** The account's credit balance cannot cover the change: an order, a re-weigh or a negative topup (422). */
  INSUFFICIENT_CREDIT: 'INSUFFICIENT_CREDIT',
  /** "Run again" on a batch that is running or has succeeded (409, the msg names its status). */
  BATCH_NOT_RUNNABLE: 'BATCH_NOT_RUNNABLE',
  /** The account has BATCHES_IN_PROGRESS_MAX batches in progress already (409): wait for one to finish. */
  TOO_MANY_BATCHES: 'TOO_MANY_BATCHES',
  /** The account's stored batch files would pass BATCH_FILES_MAX_MB with this one (409). */
  BATCH_STORAGE_FULL: 'BATCH_STORAGE_FULL',
  /**
   * A multipart body that is cut off or malformed: no closing boundary, a part cut short, headers that never
   * end, or the client leaving mid-upload (400). Nothing was read or written: send the file again.
   */
  MALFORMED_UPLOAD: 'MALFORMED_UPLOAD',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The server is busy with other work of the kind (503, with Retry-After): try again shortly. */
  BUSY: 'BUSY',
  /** The server cannot serve yet (503 from /readyz: database, migrations or job workers; the msg names which). */
  NOT_READY: 'NOT_READY',
  /**
   * The database cannot be reached (it restarts, fails over or refuses connections; 503 with Retry-After):
   * nothing was done, try again shortly.
   */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A field-level problem, keyed by the dotted path of the field on the wire (e.g. `address.city`). */
export interface FieldIssue {
  path: string;
  /** English, for API clients. */
  message: string;
  /** The message's catalogue key and parameters (texts/catalog.ts), for the web to render in its language. */
  key?: string;
  params?: TextParams;
}

/**
 * Every failure's body: `msg` in English for API clients, `code` its kind, and `key` with `params` the same
 * words as a catalogue text the web renders in the chosen language.
 */
export interface ApiErrorBody {
  msg: string;
  code: ErrorCode;
  key?: string;
  params?: TextParams;
  details?: FieldIssue[];
}
