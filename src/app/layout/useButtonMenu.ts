// A menu that a button of the top bar opens: the button says it has a menu and whether it is open, the menu hangs
// under the button's right edge, and closes on Escape or a click outside.
import { useId, useState, type MouseEvent } from 'react';
import type { MenuProps } from '@mui/material';

export function useButtonMenu() {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return {
    close,
    buttonProps: {
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? ('true' as const) : undefined,
    },
    menuProps: {
      id: menuId,
      anchorEl: anchor,
      open: anchor !== null,
      onClose: close,
      anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
      transformOrigin: { vertical: 'top', horizontal: 'right' },
    } satisfies MenuProps,
  };
}
