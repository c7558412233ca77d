/**
 * Identifier rules shared by the data files, the API paths and the badge URLs.
 * An id that passes these checks is safe to join onto a file path: no slashes, no `..`.
 */

export const PACKAGE_ID_PATTERN = '^[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?$';
export const CATEGORY_SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$';
/** GitHub logins: 1–39 characters, alphanumeric or single hyphens, not starting or ending with one. */
export const LOGIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$';
/** Evaluation ids are lowercase UUIDs; they are also the evaluation's file name. */
export const EVALUATION_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const packageIdRe = new RegExp(PACKAGE_ID_PATTERN);
const categorySlugRe = new RegExp(CATEGORY_SLUG_PATTERN);
const loginRe = new RegExp(LOGIN_PATTERN);
const evaluationIdRe = new RegExp(EVALUATION_ID_PATTERN);

/** Ids that are path words of the API (`/v1/packages/updated-since`), so no package may take them. */
export const RESERVED_PACKAGE_IDS: readonly string[] = ['updated-since'];

export function isPackageId(value: string): boolean {
  return packageIdRe.test(value) && !value.includes('..') && !RESERVED_PACKAGE_IDS.includes(value);
}

export function isCategorySlug(value: string): boolean {
  return categorySlugRe.test(value);
}

export function isLogin(value: string): boolean {
  return loginRe.test(value);
}

export function isEvaluationId(value: string): boolean {
  return evaluationIdRe.test(value);
}

/** GitHub logins are case-insensitive; compare and key them in lower case. */
export function loginKey(login: string): string {
  return login.toLowerCase();
}
