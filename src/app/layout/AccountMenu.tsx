// The account menu of the top bar, where the backend has a password change of its own (the reference backend): the
// signed-in address opens it, and it offers Change password. Its own chunk, loaded with the top bar's account.
import { useId, useState } from 'react';
import { Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ChangePasswordDialog from '../../features/account/ChangePasswordDialog';
import { AccountIdentity } from './AccountIdentity';

export default function AccountMenu({ label, email }: { label: string; email: string | null }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Account: ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ minWidth: 0, px: 0.75, textTransform: 'none' }}
      >
        <AccountIdentity label={label} />
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChanging(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          Change password
        </MenuItem>
      </Menu>
      {changing && <ChangePasswordDialog open email={email} onClose={() => setChanging(false)} />}
    </>
  );
}
