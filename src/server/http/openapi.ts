import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DESCRIPTION = [
  'A API do Bora Jogar, sob /api: JSON, exceto arquivos (CSV, iCalendar), páginas (o descadastro dos e-mails) e eventos ' +
    '(Server-Sent Events), cada um com seu tipo.',
  'Todo erro é `{ code, message, fields? }`: `code` é um código estável da lista do servidor (src/shared/error-codes.ts), ' +
    'sempre enviado com o mesmo status HTTP, para programas decidirem; `message` é o texto em português para mostrar; ' +
    '`fields` nomeia até cinco campos recusados. Cada operação declara todos os status que pode responder, com os códigos ' +
    'de cada um.',
  'Antes de qualquer rota, um pedido que o servidor não consegue ler recebe o mesmo formato: 408 (`request_timeout`) se ' +
    'não chega a tempo, 431 (`headers_too_large`) com cabeçalhos grandes demais, 400 (`bad_request`) malformado.',
  'Sessão: o token de /api/auth/login (ou /register, /google) no cabeçalho `Authorization: Bearer`. Corpos JSON têm até ' +
    '64 KB e 16 níveis; textos não aceitam caracteres de controle nem metade de um emoji.',
].join('\n\n');

/** The OpenAPI document's frame (decision 066); the operations come from the route table (`apiRoute`). */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    // 3.1: its schemas are JSON Schema 2020-12, as zod writes them (null as a type, not `nullable`).
    openapi: '3.1.0',
    info: { title: 'Bora Jogar API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'O próprio servidor do Bora Jogar (os caminhos já começam com /api)' }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
  transform: jsonSchemaTransform,
};
