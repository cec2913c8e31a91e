// STUB: replaced by the session work (issue 2).
import { Outlet } from 'react-router-dom';
export function RequireAdmin() {
  return <Outlet />;
}
