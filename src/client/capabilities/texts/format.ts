const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** '27 nov. 2026, 01:10' */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** Who published a version: the site's original texts have no author. */
export const authorOf = (author: string) => author || 'le texte d’origine du site';
