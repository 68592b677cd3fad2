import { useParams } from 'react-router';
import { TextEditorPage } from '../capabilities/texts/TextEditor';
import { pageMeta } from '../seo';

// The editor's module carries the Markdown renderer (sanitize-html) and the diff: this route
// alone loads them, so no public page grows.
export const meta = () => pageMeta({ title: 'Modifier un texte', description: 'Modifier un texte du site.', path: '/admin/textes', noindex: true });

export default function Page() {
  const { id = '' } = useParams();
  return <TextEditorPage id={id} />;
}
