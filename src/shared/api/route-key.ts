/**
 * The key of a route in the table (`'GET /games/:id'`) and what it names, without the table itself: the web
 * app's production build imports this module, never the schemas of routes.ts.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteMethod<K extends string> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type RoutePath<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;

/** The `:name` parameters of a path pattern: `'/games/:id/users/:userId'` → `'id' | 'userId'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? StripSuffix<Name> | PathParamName<`/${Tail}`>
    : StripSuffix<Rest>
  : never;

/** `token.ics` → `token`: a parameter ends at the first character that cannot be in its name. */
type StripSuffix<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** `'GET /games/:id'` → `{ method: 'GET', path: '/games/:id' }`. */
export function splitRoute<K extends string>(route: K): { method: RouteMethod<K>; path: RoutePath<K> } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as RouteMethod<K>, path: route.slice(space + 1) as RoutePath<K> };
}

/** The path of a call: each `:name` of `pattern` replaced by its value, encoded as one segment. */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(String(params[name])));
}
