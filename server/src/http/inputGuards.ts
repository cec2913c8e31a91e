// Text no route may receive, whatever its own validation says: PostgreSQL cannot store NUL (the
// query fails, which used to surface as a 500), and a lone UTF-16 surrogate would be stored as
// U+FFFD, silently changing the value. Checked for every request before validation, so routes
// added later are covered too; the answer is 400 naming the field.
import type { FastifyInstance } from 'fastify';
import { describeTextProblem, type TextProblem } from '../../../contract/nameRules';
import { badRequest, HttpError } from './errors';

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

// In URLs every control character is suspect (a path or filter never holds one); in JSON bodies only
// what cannot be stored faithfully, since free text may hold a line break.
// eslint-disable-next-line no-control-regex
const URL_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /\p{Cs}/u;

function urlTextProblem(value: string): TextProblem | undefined {
  if (URL_CONTROL.test(value)) return 'control-character';
  if (LONE_SURROGATE.test(value)) return 'lone-surrogate';
  return undefined;
}

function bodyTextProblem(value: string): TextProblem | undefined {
  if (value.includes('\u0000')) return 'control-character';
  if (LONE_SURROGATE.test(value)) return 'lone-surrogate';
  return undefined;
}

const MAX_DEPTH = 64;

/** The first string in a JSON value (keys included) with a problem, as [field path, problem]. */
export function findUnstorableText(
  value: unknown,
  problemOf: (text: string) => TextProblem | undefined,
  path = '',
  depth = 0,
): [string, TextProblem] | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? [path || 'body', problem] : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], problemOf, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    const keyProblem = problemOf(key);
    if (keyProblem) return [field, keyProblem];
    const found = findUnstorableText(child, problemOf, field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorableText(request.params, urlTextProblem) ??
      findUnstorableText(request.query, urlTextProblem) ??
      findUnstorableText(request.body, bodyTextProblem);
    if (found) {
      const [field, problem] = found;
      throw badRequest(describeTextProblem(field, problem), field);
    }
    // A route whose schema has no body (GET, DELETE: every POST, PUT and PATCH has one, NoBody for a call
    // without data) takes none: fields sent to it would be ignored, which a client must not mistake for
    // being applied. An empty object is no data. Unknown routes are left to the not-found handler.
    const body: unknown = request.body;
    const takesBody = Boolean((request.routeOptions.schema as { body?: unknown } | undefined)?.body);
    if (request.is404 || takesBody || body === undefined || body === '' || isEmptyObject(body)) return;
    if (typeof body === 'string' || Buffer.isBuffer(body))
      throw new HttpError(415, 'unsupported_media_type', 'Send Content-Type: application/json');
    throw badRequest('This call takes no parameters in its body: send none, or an empty JSON object', 'body');
  });
}
