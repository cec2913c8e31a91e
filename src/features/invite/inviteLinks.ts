// The invite page's pure parts: the code from the query, the app link carrying it (spec 2, 4).

/** Spec 9: the invite fallback delay. */
export const INVITE_FALLBACK_DELAY_MS = 2500;

/** Longer than any invite code; a longer value is not a code someone shared. */
const MAX_CODE_LENGTH = 128;

/** The `code` query parameter, trimmed; null when absent, empty or implausibly long. */
export function readInviteCode(search: string): string | null {
  const code = new URLSearchParams(search).get('code')?.trim() ?? '';
  return code === '' || code.length > MAX_CODE_LENGTH ? null : code;
}

/** babynames://invite?code=AB12 — the code is URL-encoded, so it cannot add parameters of its own. */
export function appInviteLink(scheme: string, code: string | null): string {
  const base = `${scheme.replace(/:\/*$/, '')}://invite`;
  return code === null ? base : `${base}?code=${encodeURIComponent(code)}`;
}
