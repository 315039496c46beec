import { Box, Stack, Tabs } from '@mantine/core';
import type { ItemDeclaration } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowEditor } from '../../../lib/use-row-editor.ts';
import { type DeclarationAccount, itemDeclarationsQuery } from '../api.ts';
import { ItemDeclarationForm } from './ItemDeclarationForm.tsx';
import { ItemDeclarationsTable } from './ItemDeclarationsTable.tsx';
import { ItemDeclarationUpload } from './ItemDeclarationUpload.tsx';

type Tab = 'declaration' | 'upload';

const declarationId = (declaration: ItemDeclaration) => declaration.sid;

interface ItemDeclarationsWorkspaceProps {
  accountSid: DeclarationAccount;
  /** Already debounced and trimmed. */
  filter: string;
  isAdmin: boolean;
}

/** One account's declarations: the two tabs (form, upload) above the table that feeds the form. */
export function ItemDeclarationsWorkspace({ accountSid, filter, isAdmin }: ItemDeclarationsWorkspaceProps) {
  const { t } = useTranslation('catalogs');
  // A failed load shows once, in the table with Retry.
  const declarations = useQuery({
    ...itemDeclarationsQuery(accountSid, filter),
    placeholderData: keepPreviousData,
  });
  const rows = declarations.data ?? [];
  const editor = useRowEditor(rows, declarationId);
  const [tab, setTab] = useState<Tab>('declaration');

  const onSelect = (id: string) => {
    editor.onSelect(id);
    // Spec §2: a clicked row is loaded for edit, so its form comes into view.
    if (id) setTab('declaration');
  };

  return (
    <Stack gap="lg">
      <Box {...editor.editorProps}>
        <Tabs value={tab} onChange={(value) => setTab(value === 'upload' ? 'upload' : 'declaration')}>
          <Tabs.List>
            <Tabs.Tab value="declaration">{t('declarations.tabDeclaration')}</Tabs.Tab>
            <Tabs.Tab value="upload">{t('declarations.tabUpload')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="declaration" pt="md">
            <ItemDeclarationForm
              key={editor.editorKey}
              declaration={editor.row}
              accountSid={accountSid}
              isAdmin={isAdmin}
              onCreated={editor.clear}
              onUpdated={editor.replace}
              onDeleted={editor.clear}
              onClear={editor.clear}
            />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <ItemDeclarationUpload accountSid={accountSid} />
          </Tabs.Panel>
        </Tabs>
      </Box>
      <ItemDeclarationsTable
        rows={rows}
        selectedId={editor.selectedId}
        onSelect={onSelect}
        query={declarations}
      />
    </Stack>
  );
}
