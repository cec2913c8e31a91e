import { Skeleton, type SkeletonProps } from '@mui/material';

/**
 * A placeholder that says what is loading. Assistive technology hears it as a progress bar with that name: an
 * aria-label on the skeleton's bare span is not allowed (axe: aria-prohibited-attr) and was not announced.
 */
export function LoadingSkeleton({ label, ...props }: Omit<SkeletonProps, 'aria-label' | 'role'> & { label: string }) {
  return <Skeleton role="progressbar" aria-label={label} {...props} />;
}
