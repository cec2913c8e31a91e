import { buildTemplates } from './pgliteTemplates';

export default buildTemplates;
