// What the console checks of a new password before the server does (contract/operators.ts): its length, and that
// the operator typed the same twice.
import { LINK_TOKEN_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../contract/operators';

export const PASSWORD_LENGTH_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

/** Why `password` cannot be a new password, or null. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Too short: a password has at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Too long: a password has at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : PASSWORDS_DIFFER;
}

const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${LINK_TOKEN_LENGTH}}$`);

/** The link's token from the address's fragment (`#token=...`), or null when there is none that could be one. */
export function readLinkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && TOKEN_SHAPE.test(token) ? token : null;
}
