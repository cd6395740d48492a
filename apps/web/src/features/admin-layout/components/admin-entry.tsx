/** /admin, the back office's entry: once the session is known, the member's landing page (/login for anyone else). */
import { Navigate } from 'react-router';
import { landingPath, usePermissions } from '@/lib/back-office-access.ts';
import { RequireAdmin } from './require-admin.tsx';

export function AdminEntry() {
  const permissions = usePermissions();
  return (
    <RequireAdmin>
      <Navigate to={landingPath(permissions)} replace />
    </RequireAdmin>
  );
}
