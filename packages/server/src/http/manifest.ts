import {
  apiErrorBodySchema,
  IDEMPOTENCY_KEY_PATTERN,
  inputInQuery,
  type Operation,
  pathParams,
} from '@tradedeck/sdk/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Builds the OpenAPI 3.1 document of the bound operations. */
export function buildManifest(operations: readonly Operation[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const openApiPath = op.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][op.method.toLowerCase()] = describeOperation(op);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tradedeck API', version },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: jsonSchema(apiErrorBodySchema, 'output') },
    },
  };
}

function describeOperation(op: Operation): JsonSchema {
  const input = jsonSchema(op.input, 'input');
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const names = pathParams(op.path);
  const parameters: JsonSchema[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const rest = Object.fromEntries(Object.entries(properties).filter(([name]) => !names.includes(name)));
  const described: JsonSchema = {
    operationId: op.id,
    summary: op.summary,
    tags: [op.id.split('.')[0]],
    'x-flags': op.flags,
    security: op.flags.public ? [] : [{ bearer: [] }],
    responses: {
      default: {
        description: 'Envelope: success with data, or an error with resultCode and traceId',
        content: { 'application/json': { schema: envelopeJson(jsonSchema(op.output, 'output')) } },
      },
    },
  };
  if (op.responseBody === 'text-stream') {
    // Success streams plain text (one item per line); failures keep the envelope.
    (described.responses as Record<string, unknown>)['200'] = {
      description: 'The text, streamed',
      content: { 'text/plain': { schema: { type: 'string' } } },
    };
  }
  if (inputInQuery(op.method)) {
    for (const [name, schema] of Object.entries(rest)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else {
    const body = { ...input, properties: rest, required: [...required].filter((n) => !names.includes(n)) };
    described.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }
  if (op.flags.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'One key per action: a repeat answers the first outcome, another request under the key is refused (docs/api.md)',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    });
  }
  described.parameters = parameters;
  return described;
}

function envelopeJson(data: JsonSchema): JsonSchema {
  return {
    oneOf: [
      {
        type: 'object',
        properties: { success: { const: true }, data, error: { type: 'null' } },
        required: ['success', 'data', 'error'],
      },
      {
        type: 'object',
        properties: {
          success: { const: false },
          data: { type: 'null' },
          error: { $ref: '#/components/schemas/ApiError' },
        },
        required: ['success', 'data', 'error'],
      },
    ],
  };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}
