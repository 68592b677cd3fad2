import { useParams } from 'react-router';
import type { TextKind } from '../../shared/texts';
import { TextEditorPage } from '../capabilities/texts/TextEditor';
import { WikiImageInsert } from '../capabilities/wiki/index';
import { pageMeta } from '../seo';

// The editor's module carries the Markdown renderer (sanitize-html) and the diff: this route
// alone loads them, so no public page grows.
export const meta = () => pageMeta({ title: 'Modifier un texte', description: 'Modifier un texte du site.', path: '/admin/textes', noindex: true });

export default function Page() {
  const { id = '' } = useParams();
  return <TextEditorPage id={id} bodyTools={WikiTools} />;
}

/** A wiki article's editor takes screenshots; the other texts have none. */
function WikiTools({ kind, insert }: { kind: TextKind; insert: (markdown: string) => void }) {
  return kind === 'wiki' ? <WikiImageInsert onInsert={insert} /> : null;
}
