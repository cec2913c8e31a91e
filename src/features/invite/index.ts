// The Invite feature's public surface.
export { INVITE_FALLBACK_DELAY_MS, appInviteLink, readInviteCode } from './inviteLinks';
