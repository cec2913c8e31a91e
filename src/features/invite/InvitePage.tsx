// Invite (/invite), public: opens the mobile app from a shared link carrying a code, then offers the
// stores. Plain elements and a few styles, no MUI or store: it is opened on phones and boots on its
// own (inviteMain.tsx) so it downloads only React and this file.
import { useMemo, type CSSProperties } from 'react';
import { config } from '../../config/env';
import { usePageTitle } from '../../lib/usePageTitle';
import { appInviteLink, readInviteCode } from './inviteLinks';
import { useAppOpenAttempt } from './useAppOpenAttempt';

const styles: Record<string, CSSProperties> = {
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: 16,
    boxSizing: 'border-box',
    background: '#f4f6fb',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    color: '#1c2434',
  },
  card: {
    width: '100%',
    maxWidth: 420,
    background: '#fff',
    borderRadius: 16,
    padding: '28px 20px',
    boxShadow: '0 2px 12px rgba(28, 36, 52, 0.12)',
    textAlign: 'center',
    boxSizing: 'border-box',
  },
  title: { fontSize: 24, margin: '0 0 8px' },
  text: { fontSize: 16, lineHeight: 1.5, margin: '0 0 16px' },
  code: { fontFamily: 'ui-monospace, monospace', fontSize: 18, fontWeight: 600, letterSpacing: 1, wordBreak: 'break-all' },
  links: { display: 'flex', flexDirection: 'column', gap: 12, marginTop: 20 },
  primary: {
    display: 'block',
    padding: '14px 16px',
    borderRadius: 10,
    background: '#1565c0',
    color: '#fff',
    textDecoration: 'none',
    fontSize: 17,
    fontWeight: 600,
  },
  secondary: {
    display: 'block',
    padding: '13px 16px',
    borderRadius: 10,
    border: '1px solid #1565c0',
    color: '#1565c0',
    textDecoration: 'none',
    fontSize: 17,
    fontWeight: 600,
  },
  muted: { fontSize: 14, color: '#5b6478', margin: '16px 0 0' },
};

const openInPlace = (url: string) => {
  window.location.href = url;
};

export interface InvitePageProps {
  /** how the app link is opened; tests pass a spy (jsdom cannot navigate to a custom scheme) */
  open?: (url: string) => void;
}

export default function InvitePage({ open = openInPlace }: InvitePageProps) {
  usePageTitle('Invite');
  const code = useMemo(() => readInviteCode(window.location.search), []);
  const link = code === null ? null : appInviteLink(config.invite.appScheme, code);
  const showFallback = useAppOpenAttempt(link, open);
  const appLink = appInviteLink(config.invite.appScheme, code);

  return (
    <main style={styles.page}>
      <div style={styles.card}>
        <h1 style={styles.title}>You're invited to Baby Names</h1>
        {code === null ? (
          <p style={styles.text} role="alert">
            This invite link has no invite code. Ask your partner to send the link again, or install the app and connect from there.
          </p>
        ) : (
          <p style={styles.text}>
            Invite code <span style={styles.code}>{code}</span>
            <br />
            {showFallback ? 'If the app did not open, get it from your store:' : 'Opening the app…'}
          </p>
        )}
        {showFallback && (
          <nav style={styles.links} aria-label="Get the app">
            {code !== null && (
              <a style={styles.primary} href={appLink}>
                Open in App
              </a>
            )}
            <a style={code === null ? styles.primary : styles.secondary} href={config.invite.androidStoreUrl} rel="noopener">
              Get it on Google Play
            </a>
            <a style={styles.secondary} href={config.invite.iosStoreUrl} rel="noopener">
              Download on the App Store
            </a>
          </nav>
        )}
        {showFallback && code !== null && <p style={styles.muted}>Already installed? Tap Open in App.</p>}
      </div>
    </main>
  );
}
