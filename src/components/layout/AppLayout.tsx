// STUB: replaced by the shell work (issue 2).
import { Outlet } from 'react-router-dom';
export function AppLayout() {
  return <Outlet />;
}
