// The page's one script: the public invite page (opened from shared links on phones) boots on its own
// and never downloads the console; every other address boots the console (main.tsx).
import { isInvitePath } from './features/invite/invitePath';

if (isInvitePath(window.location.pathname)) {
  void import('./features/invite/inviteMain').then(({ mountInvitePage }) => mountInvitePage(document.getElementById('root')!));
} else {
  void import('./main');
}
