const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a key from a request can be a row's id: anything else is answered without a query. */
export const isUuid = (value: string) => UUID.test(value);

/** Name of the unique constraint a failed insert violated, if that is why it failed. */
export function violatedConstraint(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? 'unknown') : undefined;
}
