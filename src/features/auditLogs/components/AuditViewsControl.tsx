import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ViewsMenu, type ListPart } from '../../savedViews';
import { selectAuditFilters } from '../auditLogsSlice';
import { searchParamsWithAuditFilters } from '../auditLogsUrl';

/**
 * Audit Logs' saved views: the time range, event and source, with the grid's columns and density (the trail is
 * newest first and reads on: no sort or page size). A range is relative: "last 7 days" applied tomorrow is
 * tomorrow's last 7 days. Applying one sets the address as a new history entry, so Back returns to the view before.
 */
export function AuditViewsControl() {
  const filters = useAppSelector(selectAuditFilters);
  const [, setSearchParams] = useSearchParams();
  return (
    <ViewsMenu
      page="auditLogs"
      pageTitle="Audit Logs"
      describes="the time range, the event and source filters, the visible columns and the density"
      current={(): ListPart<'auditLogs'> => ({ filters: { ...filters } })}
      showList={({ filters: saved }) => setSearchParams((current) => searchParamsWithAuditFilters(saved, current))}
    />
  );
}
