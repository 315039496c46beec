import { homePathFor, type Role } from '@parcelops/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { notifyErrorText } from '../lib/notify.ts';
import { useViewer } from '../lib/session.ts';

/** Who may open a page, and what anyone else is told (the spec's refusal for that page). */
export interface PageAccess {
  roles: readonly Role[];
  refusal: string;
}

interface RequireRoleProps {
  roles: readonly Role[];
  /** The spec's refusal text, e.g. "You do not have permissions to view vendors". */
  message: string;
  children: ReactNode;
}

function Refused({ message, to }: { message: string; to: string }) {
  useEffect(() => {
    // The id keeps React's doubled effects in development to a single toast.
    notifyErrorText(message, `refused:${message}`);
  }, [message]);
  return <Navigate to={to} replace />;
}

/**
 * Shows its children only to the given roles; anyone else gets the refusal as a toast and lands on their own
 * home page. Only convenience: the server refuses the data anyway. Used inside the signed-in routes, where a
 * viewer always exists.
 */
export function RequireRole({ roles, message, children }: RequireRoleProps) {
  const viewer = useViewer();
  if (!viewer) return null;
  if (!roles.includes(viewer.role)) return <Refused message={message} to={homePathFor(viewer)} />;
  return children;
}

/** Children for those `access` lets in; everyone signed in when there is no `access`. */
export function WithAccess({ access, children }: { access?: PageAccess; children: ReactNode }) {
  if (!access) return children;
  return (
    <RequireRole roles={access.roles} message={access.refusal}>
      {children}
    </RequireRole>
  );
}
