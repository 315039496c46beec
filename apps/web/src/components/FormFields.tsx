import {
  Checkbox,
  type CheckboxProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, type PathValue, useController } from 'react-hook-form';

/** The form and the field a control is bound to. */
interface Bound<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
}

/** What a bound field hands its input: its value, its events and the form's message for it. */
export interface BoundInput<Value = unknown> {
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  onBlur: () => void;
  error: string | undefined;
}

type Unbound = 'name' | 'value' | 'onChange' | 'onBlur' | 'error';

/**
 * Binds any input that takes value/onChange/onBlur/error (the HS code, country and account pickers) to a form
 * field, so each form does not repeat the Controller wiring.
 */
export function FormBound<Values extends FieldValues, Name extends Path<Values>>({
  control,
  name,
  render,
}: {
  control: Control<Values>;
  name: Name;
  render: (input: BoundInput<PathValue<Values, Name>>) => ReactNode;
}) {
  const { field, props } = useBound(control, name);
  const { ref: _ref, ...input } = props;
  return <>{render({ ...input, value: field.value, onChange: field.onChange })}</>;
}

/** The field's value and events, the form's message for it, and the props for the input that shows it. */
function useBound<Values extends FieldValues, Name extends Path<Values>>(
  control: Control<Values>,
  name: Name,
) {
  const { field, fieldState } = useController<Values, Name>({ control, name });
  return {
    field,
    props: { name: field.name, ref: field.ref, onBlur: field.onBlur, error: fieldState.error?.message },
  };
}

/** A text field bound to a form, with the form's message under it. */
export function FormTextInput<Values extends FieldValues>({
  control,
  name,
  ...props
}: Bound<Values> & Omit<TextInputProps, Unbound>) {
  const { field, props: bound } = useBound(control, name);
  return <TextInput {...props} {...bound} value={field.value ?? ''} onChange={field.onChange} />;
}

/**
 * A select bound to a form. With `allowDeselect={false}` a click on the chosen option keeps it (Mantine would
 * hand back null); `onPicked` runs after the form has the new value, for forms that react to the choice.
 */
export function FormSelect<Values extends FieldValues>({
  control,
  name,
  onPicked,
  ...props
}: Bound<Values> & Omit<SelectProps, Unbound> & { onPicked?: (value: string | null) => void }) {
  const { field, props: bound } = useBound(control, name);
  const pick = (value: string | null) => {
    if (value === null && props.allowDeselect === false) return;
    field.onChange(value);
    onPicked?.(value);
  };
  return <Select {...props} {...bound} value={field.value ?? null} onChange={pick} />;
}

type ToggleProps<Values extends FieldValues> = Bound<Values> & { kind?: 'switch' | 'checkbox' } & Omit<
    SwitchProps & CheckboxProps,
    Unbound | 'checked'
  >;

/** A yes/no field bound to a form, drawn as a switch (the default) or a checkbox. */
export function FormToggle<Values extends FieldValues>({
  control,
  name,
  kind,
  ...props
}: ToggleProps<Values>) {
  const { field, props: bound } = useBound(control, name);
  const Toggle = kind === 'checkbox' ? Checkbox : Switch;
  return (
    <Toggle
      {...props}
      {...bound}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}
