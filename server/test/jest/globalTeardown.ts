import { removeTemplates } from './pgliteTemplates';

export default removeTemplates;
