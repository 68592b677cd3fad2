/**
 * Small JSON-schema builders for route bodies, params and query strings, and for what routes
 * answer. Every body object is closed (additionalProperties: false) so unknown fields are a
 * 400, as the HTTP contract says.
 */
type Schema = Record<string, unknown>;

// PostgreSQL stores no NUL character: refused here for query strings and path parameters
// (bodies are checked whole by the JSON parser, platform/http/json-body.ts).
const WITHOUT_NUL = '^[^\\u0000]*$';

export const string = (options: { minLength?: number; maxLength: number; format?: string }): Schema => ({
  type: 'string',
  pattern: WITHOUT_NUL,
  ...options,
});

export const uuid: Schema = string({ maxLength: 36, format: 'uuid' });

/**
 * A bigint row id written in digits: 18 at most, since a 19-digit number may pass PostgreSQL's
 * bigint (9,223,372,036,854,775,807) and fail the query instead of the request.
 */
export const bigintId: Schema = { type: 'string', maxLength: 18, pattern: '^[1-9][0-9]{0,17}$' };

export const boolean: Schema = { type: 'boolean' };

export const oneOf = <T extends string>(values: readonly T[]): Schema => ({ type: 'string', enum: values });

export const arrayOf = (items: Schema, maxItems: number): Schema => ({ type: 'array', items, maxItems });

export function object(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

// What a route answers, by status code (`schema.response`). Fastify writes those answers with
// fast-json-stringify, which leaves out every property the schema does not name and throws on
// a required one that is missing: a response schema lists all that its handler returns, and
// requires only what is always there (quality/response-schemas.test.ts compares the two).

export const text: Schema = { type: 'string' };

export const integer: Schema = { type: 'integer' };

export const number: Schema = { type: 'number' };

/** An instant as `Date.toISOString()` writes it. */
export const dateTime: Schema = { type: 'string', format: 'date-time' };

export const nullable = (schema: Schema): Schema => ({
  ...schema,
  type: [schema.type, 'null'],
  ...(Array.isArray(schema.enum) && { enum: [...(schema.enum as unknown[]), null] }),
});

export const listOf = (items: Schema): Schema => ({ type: 'array', items });

/** An object keyed by ids or names, every value of one schema. */
export const mapOf = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });

/** An object written whole, whatever its keys: free-form details, another library's signed data. */
export const anyObject: Schema = { type: 'object', additionalProperties: true };

/** An answer's object: every property listed, all required but the `optional` ones (absent, never null). */
export function shape(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)), additionalProperties: false };
}

/** Spec §7's callables answer `{ data: … }`. */
export const dataOf = (schema: Schema): Schema => shape({ data: schema });
