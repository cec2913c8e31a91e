// Database Admin: the one-off random-seed migration and the overview figures. Registered
// inside the admin-guarded /api scope.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENDERS, type Gender } from '../../../contract/nameRules';
import type { DatabaseOverview, MigrationResponse } from '../../../contract/schemas/databaseAdmin';
import { actorOf } from '../audit/consoleActions';
import { countMatchingNames } from '../counters/rowCounters';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { addRandomSeedColumn, hasRandomSeedColumn } from '../dbAdmin/randomSeedColumn';
import { HttpError } from '../http/errors';

export const databaseAdminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // The spec sends a JSON content header and no data (the schema's NoBody). The header is checked before the
  // schema, so a text body is told what to send (415) rather than that it is not an object.
  onEndpoint(
    app,
    'POST /api/admin/migrate/add-random-seed-column',
    {
      preValidation: async (request) => {
        if (!request.headers['content-type']?.startsWith('application/json')) {
          throw new HttpError(415, 'unsupported_media_type', 'Send Content-Type: application/json');
        }
      },
    },
    async (request): Promise<MigrationResponse> => addRandomSeedColumn(db, actorOf(request)),
  );

  // Counts from the maintained counters (migration 015): cheap whatever the size of names.
  onEndpoint(app, 'GET /api/admin/database-overview', async (): Promise<DatabaseOverview> => {
    const [totalNames, perGender, nationalities, hasSeed] = await Promise.all([
      countMatchingNames(db, {}),
      Promise.all(GENDERS.map((gender) => countMatchingNames(db, { gender }))),
      db.query<{ n: number }>('SELECT count(DISTINCT nationality)::int AS n FROM name_group_counts WHERE n > 0'),
      hasRandomSeedColumn(db),
    ]);
    const namesByGender = Object.fromEntries(GENDERS.map((gender, i) => [gender, perGender[i]])) as Record<Gender, number>;
    return { totalNames, namesByGender, nationalityCount: nationalities.rows[0]!.n, hasRandomSeedColumn: hasSeed };
  });
};
