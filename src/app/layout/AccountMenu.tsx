// The account menu of the top bar, where the backend has account settings of its own (the reference backend): the
// signed-in address opens it, and it offers Change password and Two-factor sign-in. Its own chunk, loaded with the top
// bar's account; each dialog loads when first opened.
import { lazy, Suspense, useState } from 'react';
import { Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PhonelinkLock from '@mui/icons-material/PhonelinkLockOutlined';
import ChangePasswordDialog from '../../features/account/ChangePasswordDialog';
import { AccountIdentity } from './AccountIdentity';
import { useButtonMenu } from './useButtonMenu';

const TwoFactorDialog = lazy(() => import('../../features/account/TwoFactorDialog'));

export interface AccountMenuProps {
  label: string;
  email: string | null;
  /** the backend has a password change of its own */
  passwords: boolean;
  /** the backend has two-factor sign-in of its own */
  mfa: boolean;
}

export default function AccountMenu({ label, email, passwords, mfa }: AccountMenuProps) {
  const menu = useButtonMenu();
  const [open, setOpen] = useState<'password' | 'mfa' | null>(null);
  const choose = (dialog: 'password' | 'mfa') => () => {
    menu.close();
    setOpen(dialog);
  };
  return (
    <>
      <Button color="inherit" {...menu.buttonProps} aria-label={`Account: ${label}`} sx={{ minWidth: 0, px: 0.75, textTransform: 'none' }}>
        <AccountIdentity label={label} />
      </Button>
      <Menu {...menu.menuProps}>
        {passwords && (
          <MenuItem onClick={choose('password')}>
            <ListItemIcon>
              <KeyOutlined fontSize="small" />
            </ListItemIcon>
            Change password
          </MenuItem>
        )}
        {mfa && (
          <MenuItem onClick={choose('mfa')}>
            <ListItemIcon>
              <PhonelinkLock fontSize="small" />
            </ListItemIcon>
            Two-factor sign-in
          </MenuItem>
        )}
      </Menu>
      {open === 'password' && <ChangePasswordDialog open email={email} onClose={() => setOpen(null)} />}
      {open === 'mfa' && (
        <Suspense fallback={null}>
          <TwoFactorDialog open email={email} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
