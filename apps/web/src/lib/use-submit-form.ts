/**
 * The one way a form sends to the server: react-hook-form's form, and `submitWith(send)`, which runs `send`
 * with the checked values and shows a refusal on the fields it names, or else as a toast (showSubmitError).
 * `fields` may be a function when the form's fields change as it is filled in (an order's item rows).
 */
import { type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import { showSubmitError } from './form-validation.ts';

type Fields<Values extends FieldValues> = readonly Path<Values>[];

export function useSubmitForm<Values extends FieldValues>({
  fields,
  ...options
}: UseFormProps<Values> & { fields: Fields<Values> | ((values: Values) => Fields<Values>) }) {
  const form = useForm<Values>(options);
  const submitWith = (send: (values: Values) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        showSubmitError(error, form.setError, typeof fields === 'function' ? fields(values) : fields);
      }
    });
  const { errors, isSubmitting } = form.formState;
  return { form, errors, isSubmitting, submitWith };
}
