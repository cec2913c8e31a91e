import { useMemo } from 'react';
import type { ThunkExtra } from '../../api/baseQuery';
import type { AccountPasswordsPort } from '../../backend/ports';
import { useAppDispatch } from '../../app/hooks';

/**
 * The backend's password links and password change, or undefined when it has none (Firebase mode). Read from the
 * store's thunk argument, where every port is: the public set-password page has no RTK Query to reach them by.
 */
export function useAccountPasswords(): AccountPasswordsPort | undefined {
  const dispatch = useAppDispatch();
  return useMemo(() => dispatch((_dispatch: unknown, _getState: unknown, extra: ThunkExtra) => extra.backend.accountPasswords), [dispatch]);
}
