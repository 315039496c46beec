import { Stack } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateVendor } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

const LIST_PATH = '/internal/vendors';

function AddVendor() {
  const navigate = useNavigate();
  const create = useCreateVendor();
  return (
    <Stack gap="md">
      <PageHeader title="Add vendor" />
      <VendorForm
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          notifySuccess(Messages.vendorAdded);
          navigate(LIST_PATH);
        }}
        onCancel={() => navigate(LIST_PATH)}
      />
    </Stack>
  );
}

export function VendorAddPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewVendors}>
      <AddVendor />
    </RequireRole>
  );
}
