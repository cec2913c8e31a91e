// Operating the reference backend: the probes a load balancer asks, Prometheus's metrics, the contract as OpenAPI.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type } from 'typebox';

/** GET /api/openapi.json: the document's top level (its paths are contract/openapi.ts's, built from this file). */
export const OpenApiDocumentSchema = Type.Object({
  openapi: Type.String(),
  info: Type.Unknown(),
  paths: Type.Unknown(),
  components: Type.Unknown(),
});

/** /healthz and /readyz when all is well; a 503 from /readyz is an ApiErrorBody naming the reason. */
export const ProbeAnswerSchema = Type.Object({ status: Type.Literal('ok') });
/** Prometheus's text exposition format (text/plain; version=0.0.4). */
export const METRICS_TEXT = Type.String({ contentMediaType: 'text/plain' });
