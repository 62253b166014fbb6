import { z } from '../schemas/z';
import { type ApiRoute, apiRoutes } from './routes';

/** A reply of the API that the reply schema of its route does not accept. */
export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.length > 0 ? z.core.toDotPath(issue.path) : '(a resposta)'}: ${issue.message}`)
    .join('\n');
}

/**
 * Throws a ContractError naming each field that is off when `reply`, the success reply of a call to `path` (as
 * the client wrote it), is not what the table says `route` answers.
 */
export function checkReply(route: ApiRoute, path: string, reply: unknown): void {
  const schema: z.ZodType = apiRoutes[route].reply;
  const result = schema.safeParse(reply);
  if (!result.success) {
    const [method] = route.split(' ');
    throw new ContractError(`Resposta de ${method} ${path} fora do contrato de ${route}:\n${describeIssues(result.error)}`);
  }
}
