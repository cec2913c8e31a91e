import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** msw for Jest: the default handlers answer like the reference backend with the fixtures. */
export const server = setupServer(...handlers);
