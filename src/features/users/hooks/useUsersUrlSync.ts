import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUsersView, viewReplaced } from '../usersSlice';
import { searchParamsWithUsersView, usersViewFromSearchParams } from '../usersUrl';

/**
 * Keeps the address and the users slice in step, as the names page does: the address seeds the slice on
 * mount and when it changes from outside (back/forward, a pasted link); slice changes are written back
 * with `replace`. Returns false until the slice holds the address's view, so nothing is fetched for the
 * default list first.
 */
export function useUsersUrlSync(): boolean {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectUsersView);
  const [searchParams, setSearchParams] = useSearchParams();
  const router = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    router.current = { searchParams, setSearchParams };
  });
  const [ready, setReady] = useState(false);
  // Read in the address effect without making it re-run when it flips (that would re-read the address).
  const readyRef = useRef(false);
  // The params this hook wrote last: an address change that is not ours comes from outside.
  const written = useRef<string | null>(null);

  // address -> slice
  useEffect(() => {
    if (readyRef.current && searchParams.toString() === written.current) return;
    dispatch(viewReplaced(usersViewFromSearchParams(searchParams)));
    readyRef.current = true;
    setReady(true);
  }, [searchParams, dispatch]);

  // slice -> address
  useEffect(() => {
    if (!ready) return;
    // Only a view change writes the address (read through the ref: an address change must not re-run
    // this with the previous view and write that back).
    const { searchParams, setSearchParams } = router.current;
    const next = searchParamsWithUsersView(view, searchParams);
    written.current = next.toString();
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [view, ready]);

  return ready;
}
