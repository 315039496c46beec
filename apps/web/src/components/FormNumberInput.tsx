import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export type FormNumberInputProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: Path<Values>;
} & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A form's number field (weights, quantities, money): never negative, no stepper, and a value past `min` left as
 * typed so the form's own check names the problem rather than the box silently changing it.
 */
export function FormNumberInput<Values extends FieldValues>({
  control,
  name,
  ...props
}: FormNumberInputProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <NumberInput
          allowNegative={false}
          clampBehavior="none"
          hideControls
          {...props}
          name={input.name}
          ref={input.ref}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
