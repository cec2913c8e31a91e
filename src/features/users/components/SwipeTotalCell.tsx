import { Tooltip, Typography } from '@mui/material';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useAppSelector } from '../../../app/hooks';
import { formatCount } from '../../../lib/format';
import { useRegisterVisibleRow } from '../hooks/useVisibleRowsReporter';
import { selectSwipeTotal } from '../swipeTotalsSlice';

/** A row's total swipes: mounting registers the row as on screen, which is what gets its total fetched. */
export function SwipeTotalCell({ uid }: { uid: string }) {
  useRegisterVisibleRow(uid);
  const total = useAppSelector((state) => selectSwipeTotal(state, uid));
  if (!total || total.status === 'loading') return <LoadingSkeleton width={40} label="Loading swipes" />;
  if (total.status === 'error') {
    return (
      <Tooltip title={`Swipes could not be loaded: ${total.reason}`}>
        <Typography variant="body2" color="text.secondary" component="span">
          —
        </Typography>
      </Tooltip>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatCount(total.total)}
    </Typography>
  );
}
