/**
 * What stops an import before anything is written: an unreadable file, a hash configuration
 * without its four parameters, a user without an address. Its message names the file and the
 * record, in the operator's language; the command prints it as one line, never a stack.
 */
export class ImportError extends Error {}
