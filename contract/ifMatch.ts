// If-Match's value for a record version (what a version means: contract/dataSafety.ts). Its own module: the HTTP
// client on the sign-in page sends it, and the rest of the data-safety contract stays off that page's initial
// JavaScript (npm run bench:login-bundle).

/** An entity tag is a quoted string (RFC 9110). */
export const ifMatch = (version: number): string => `"${version}"`;
