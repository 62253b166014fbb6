/**
 * The texts of session and HTTP-level errors (spec: players §8). Part of `messages`; a module of
 * their own so the web app's start-up code (API client, session) does not carry every text.
 */
export const httpMessages = {
  sessionExpired: 'Sua sessão expirou. Por favor, faça login novamente.',
  badRequest: 'Dados inválidos. Verifique as informações fornecidas.',
  internalError: 'Erro interno do servidor. Tente novamente mais tarde.',
  connectionError: 'Erro de conexão. Tente novamente.',
  unknownError: 'Erro desconhecido',
} as const;
