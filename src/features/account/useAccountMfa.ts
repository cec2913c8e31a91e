import { useMemo } from 'react';
import type { ThunkExtra } from '../../api/baseQuery';
import type { AccountMfaPort } from '../../backend/ports';
import { useAppDispatch } from '../../app/hooks';

/**
 * The backend's two-factor sign-in when it has one of its own (the reference backend), else undefined (Firebase mode's
 * port says it is not available): the account menu offers it only then. Read from the store's thunk argument, where
 * every port is, as useAccountPasswords does.
 */
export function useAccountMfa(): AccountMfaPort | undefined {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const port = dispatch((_dispatch: unknown, _getState: unknown, extra: ThunkExtra) => extra.backend.accountMfa);
    return port?.available ? port : undefined;
  }, [dispatch]);
}
