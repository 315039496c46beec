/**
 * Forms validate the very payload they are about to send against the shared wire schema, so the browser shows
 * the server's own rules and messages under the same dotted field paths (`address.city`) a 400 would name, in
 * the chosen language (each zod issue's catalogue text, texts/issues.ts).
 */

import { issueText, renderText } from '@parcelops/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError, fieldMessage } from './api-client.ts';
import { notifyError } from './notify.ts';

/**
 * A schema for `zodResolver` that maps the form's values to the wire payload and checks that with `schema`.
 * The form keeps its own values (the payload is built again on submit), so field names must mirror the wire.
 */
export function payloadSchema<Values extends FieldValues>(
  schema: z.ZodType,
  toPayload: (values: Values) => unknown,
) {
  return z.custom<Values>().superRefine((values, ctx) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return;
    const language = currentLanguage();
    for (const issue of result.error.issues) {
      const message = renderText(issueText(issue), language) ?? issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message });
    }
  });
}

/**
 * Puts a failed save's field details on the form's fields it names; answers how many details named no field of
 * this form. Never toasts, so screens with the spec's failure prefixes toast themselves.
 */
export function putFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): number {
  if (!(error instanceof ApiError)) return 0;
  let unshown = 0;
  for (const issue of error.details) {
    const field = fields.find((name) => name === issue.path);
    if (field) setError(field, { type: 'server', message: fieldMessage(issue) });
    else unshown += 1;
  }
  return unshown;
}

/**
 * Spec §8 / house style: a failure's field details go on the form's fields; anything else, including details for
 * fields this form does not show, becomes a toast with the server's msg.
 */
export function showSubmitError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
) {
  // A 400 or a 409 (an order number already taken) that names its fields is shown on them, once.
  const isFieldError = error instanceof ApiError && error.details.length > 0;
  if (isFieldError && putFieldErrors(error, setError, fields) === 0) return;
  notifyError(error);
}
