/**
 * POST /orders/import through XMLHttpRequest rather than fetch: fetch reports no upload progress, and a large
 * workbook takes long enough on a slow line that people need to see it move. Failures become the same
 * ApiError the api client throws, and a 401 ends the session as every other call does.
 */
import { type ErrorCode, type FieldIssue, Messages, type OrderImportResult } from '@parcelops/shared';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { setFlash } from '../../../lib/flash.ts';
import { clearSession, getToken } from '../../../lib/session.ts';

export interface ImportUpload {
  file: File;
  /** Admins and operators choose the account; null imports for the caller's own. */
  accountSid: string | null;
}

/** `onProgress` gets the share of the file sent, 0 to 1; once all is sent the server is still working. */
export function uploadOrders(
  { file, accountSid }: ImportUpload,
  onProgress: (sent: number) => void,
): Promise<OrderImportResult> {
  const form = new FormData();
  if (accountSid) form.append('account_sid', accountSid);
  form.append('file', file, file.name);
  const token = getToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/orders/import`);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Spec §8: a network failure is a 500 with the error's message.
    request.onerror = () => reject(new ApiError(500, Messages.genericFailure, 'NETWORK'));
    request.onload = () => {
      let body: { msg?: unknown; code?: unknown; details?: unknown } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200 && body) return resolve(body as unknown as OrderImportResult);
      if (request.status === 401 && token && getToken() === token) {
        clearSession();
        setFlash(Messages.sessionExpired, 'error');
      }
      if (!body || typeof body.msg !== 'string')
        return reject(new ApiError(request.status, Messages.genericFailure, 'UNKNOWN'));
      reject(
        new ApiError(
          request.status,
          body.msg,
          (typeof body.code === 'string' ? body.code : 'UNKNOWN') as ErrorCode,
          Array.isArray(body.details) ? (body.details as FieldIssue[]) : [],
        ),
      );
    };
    request.send(form);
  });
}
