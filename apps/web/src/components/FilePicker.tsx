import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface FilePickerProps {
  label: string;
  /** The input's accept attribute, e.g. ".xlsx". */
  accept?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
}

/**
 * Spec §2 Generic elements: a "Choose file" button beside the chosen file's name, or "No file chosen".
 * The label points at the hidden file input, so tests and browsers can reach it by its label.
 */
export function FilePicker({
  label,
  accept,
  value,
  onChange,
  required = false,
  disabled = false,
  error,
}: FilePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const resetRef = useRef<() => void>(null);

  // The input remembers the last file; clearing it when the form resets lets the same file be picked again.
  useEffect(() => {
    if (value === null) resetRef.current?.();
  }, [value]);

  return (
    <Input.Wrapper id={inputId} label={label} withAsterisk={required} error={error}>
      <Group gap="sm" wrap="nowrap">
        <FileButton
          onChange={onChange}
          accept={accept}
          disabled={disabled}
          resetRef={resetRef}
          inputProps={{ id: inputId }}
        >
          {(props) => (
            <Button variant="default" disabled={disabled} {...props}>
              {t('chooseFile')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c={value ? undefined : 'dimmed'} truncate data-testid="file-picker-name">
          {value ? value.name : t('noFileChosen')}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
