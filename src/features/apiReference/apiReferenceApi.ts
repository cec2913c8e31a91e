// The API Reference page's one read: the API's contract as OpenAPI (GET /api/openapi.json, admins only; built by
// contract/openapi.ts and served by server/src/routes/openapi.ts), on the one createApi so it carries the session's
// bearer token and the configured timeout like every other call.
import { api } from '../../api/apiSlice';

export const apiReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    // unknown, not OpenApiDocument: what arrives is checked by the page (isOpenApiDocument) before it is read.
    getOpenApiDocument: build.query<unknown, void>({
      query: () => '/openapi.json',
      // The document changes only with a new server version: an hour spares re-reading its half a megabyte on every visit.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetOpenApiDocumentQuery } = apiReferenceApi;
