import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { auditFiltersReplaced, sameAuditFilters, selectAuditFilters } from '../auditLogsSlice';
import { auditFiltersFromSearchParams, searchParamsWithAuditFilters } from '../auditLogsUrl';

/**
 * Keeps the address and the audit filters in step (as the names page does). Opening the page always
 * re-anchors the window at "now", so "last 7 days" means the 7 days before the page was opened. Returns
 * false until the slice holds the address's filters.
 */
export function useAuditUrlSync(): boolean {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAuditFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const router = useRef({ searchParams, setSearchParams });
  useEffect(() => {
    router.current = { searchParams, setSearchParams };
  });
  const [ready, setReady] = useState(false);
  // Read in the address effect without re-running it when they change (that would undo slice changes).
  const readyRef = useRef(false);
  const filtersRef = useRef(filters);
  useEffect(() => {
    filtersRef.current = filters;
  });

  // address -> slice
  useEffect(() => {
    const fromUrl = auditFiltersFromSearchParams(searchParams);
    if (!readyRef.current || !sameAuditFilters(fromUrl, filtersRef.current)) dispatch(auditFiltersReplaced(fromUrl));
    readyRef.current = true;
    setReady(true);
  }, [searchParams, dispatch]);

  // slice -> address
  useEffect(() => {
    if (!ready) return;
    // Only a filter change writes the address (read through the ref: an address change must not re-run
    // this with the previous filters and write those back).
    const { searchParams, setSearchParams } = router.current;
    const next = searchParamsWithAuditFilters(filters, searchParams);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [filters, ready]);

  return ready;
}
