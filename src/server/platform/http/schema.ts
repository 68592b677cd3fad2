/**
 * Small JSON-schema builders for route bodies, params and query strings. Every body object is
 * closed (additionalProperties: false) so unknown fields are a 400, as the HTTP contract says.
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
