/**
 * French puts a space before '?', '!', ':' and ';'. A no-break space keeps the sign on the
 * line of its word, so a question never wraps to a lone '?' on a phone.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([?!:;])/g, '\u00a0$1');
}
