import { fillPlaceholders as fill, type TextVariables } from '../../../shared/texts';
import { publicConfig } from '../../config';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** '27 nov. 2026, 01:10' */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** Who published a version, after its date: the site's original texts have no author. */
export const byAuthor = (author: string) => (author ? `par ${author}` : '(texte d’origine du site)');

export const TEXT_VARIABLES: TextVariables = {
  appName: publicConfig.appName,
  projectName: publicConfig.projectName,
  contactEmail: publicConfig.contactEmail,
  publicUrl: publicConfig.publicUrl,
};

/** The placeholders filled as the page fills them; an unknown one stays as typed, for the editor to see. */
export const fillPlaceholders = (text: string) => fill(text, TEXT_VARIABLES);
