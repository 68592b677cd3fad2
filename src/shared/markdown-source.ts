/**
 * Reading the Markdown sources under content/ (by the build, and by the server for the texts a
 * fresh site starts with): a small front matter block (title, description, …) and
 * {placeholders} filled from the public configuration, so the texts follow PROJECT_NAME,
 * APP_NAME, CONTACT_EMAIL and PUBLIC_URL.
 */
interface MarkdownSource {
  meta: Record<string, string>;
  body: string;
}

type ContentVariables = Record<string, string>;

/** Splits `---\nkey: value\n---\n` from the body; every key needs a value. */
export function parseFrontMatter(source: string, file = 'markdown'): MarkdownSource {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: front matter (---) missing`);
  const meta: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const pair = /^([a-zA-Z]+):\s*(.+)$/.exec(line);
    if (!pair) throw new Error(`${file}: front matter line not understood: "${line}"`);
    meta[pair[1]] = pair[2].trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

/** Fills {name} placeholders; an unknown one stops the build rather than reach a reader. */
export function applyVariables(text: string, variables: ContentVariables, file = 'markdown'): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (_whole, name: string) => {
    if (!Object.hasOwn(variables, name)) throw new Error(`${file}: unknown placeholder {${name}}`);
    return variables[name];
  });
}

/**
 * French typography: a no-break space before « : ; ! ? » and after «, so the sign never
 * starts a line on its own. Authors type an ordinary space; the build fixes it.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/** Front matter and body with their placeholders filled, and the keys a document needs. */
export function readMarkdownSource(source: string, variables: ContentVariables, required: string[], file = 'markdown'): MarkdownSource {
  const parsed = parseFrontMatter(frenchSpacing(applyVariables(source, variables, file)), file);
  for (const key of required) {
    if (!parsed.meta[key]) throw new Error(`${file}: front matter needs "${key}"`);
  }
  return parsed;
}
