import type { ApiRoute } from '../../../shared/api/routes';
import { type RouteDocs, signedInRoute } from '../../http/route-helpers';

/** An administrator's route: tagged admin, signed in, and 403 for anyone else beside `errorStatuses`. */
export function adminRoute<const K extends ApiRoute, const E extends readonly number[]>(
  route: K,
  docs: Omit<RouteDocs, 'tags'>,
  ...errorStatuses: E
) {
  return signedInRoute(route, { tags: ['admin'], ...docs }, ...errorStatuses, 403);
}
