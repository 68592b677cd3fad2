/**
 * Small JSON-schema builders for route bodies. Every body object is closed
 * (additionalProperties: false) so unknown fields are a 400, as the HTTP contract says.
 */
type Schema = Record<string, unknown>;

// PostgreSQL stores no NUL character: refused here for query strings and path parameters
// (bodies are checked whole by the JSON parser, http/json-body.ts).
const WITHOUT_NUL = '^[^\\u0000]*$';

export const string = (options: { minLength?: number; maxLength: number; format?: string }): Schema => ({
  type: 'string',
  pattern: WITHOUT_NUL,
  ...options,
});

export const boolean: Schema = { type: 'boolean' };

export const integer = (options: { minimum?: number; maximum?: number } = {}): Schema => ({ type: 'integer', ...options });

export const oneOf = <T extends string>(values: readonly T[]): Schema => ({ type: 'string', enum: values });

export const arrayOf = (items: Schema, maxItems: number): Schema => ({ type: 'array', items, maxItems });

export function object(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}
