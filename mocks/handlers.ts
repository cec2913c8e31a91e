import type { HttpHandler } from 'msw';

// Feature handler lists are added here. Tests override single routes with server.use(...).
export const handlers: HttpHandler[] = [];
