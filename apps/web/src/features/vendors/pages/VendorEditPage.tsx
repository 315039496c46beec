import { Alert, Loader, Stack } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useUpdateVendor, vendorQuery } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

const LIST_PATH = '/internal/vendors';

function EditVendor() {
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  const vendor = useQuery(vendorQuery(sid));
  useErrorToast(vendor.error);
  const update = useUpdateVendor(sid);

  if (vendor.isPending) return <Loader />;
  return (
    <Stack gap="md">
      <PageHeader title="Edit vendor" />
      {vendor.isError ? (
        <Alert color="red">{errorMessage(vendor.error)}</Alert>
      ) : (
        <VendorForm
          key={vendor.data.sid}
          vendor={vendor.data}
          onSubmit={async (payload) => {
            await update.mutateAsync(payload);
            notifySuccess(Messages.vendorUpdated);
            navigate(LIST_PATH);
          }}
          onCancel={() => navigate(LIST_PATH)}
        />
      )}
    </Stack>
  );
}

export function VendorEditPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewVendors}>
      <EditVendor />
    </RequireRole>
  );
}
