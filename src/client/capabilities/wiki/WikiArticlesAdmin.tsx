import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fillPlaceholders, TEXT_TITLE_MAX_LENGTH, textProblem, type TextVariables } from '../../../shared/texts';
import { WIKI_ID_MAX_LENGTH, wikiIdProblem, wikiTextId, type WikiAdminArticle } from '../../../shared/wiki';
import { publicConfig } from '../../config';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { createWikiArticle, getWikiAdminArticles, reorderWiki, setWikiArticleHidden } from './api';
import './wiki-admin.css';

const VARIABLES: TextVariables = {
  appName: publicConfig.appName,
  projectName: publicConfig.projectName,
  contactEmail: publicConfig.contactEmail,
  publicUrl: publicConfig.publicUrl,
};

/**
 * /admin/textes' wiki section: the articles in menu order, each moved up or down, hidden or
 * shown, and a new one created (its address, its title, its place), which opens in the editor.
 */
export function WikiArticlesAdmin() {
  const { data, error, setData } = useLoad('wiki-admin-articles', (signal) => getWikiAdminArticles(signal).then((answer) => answer.articles));
  const action = useAction<string>();
  const [said, setSaid] = useState('');
  const focusAfter = useRef<string>(undefined);

  async function change(name: string, work: () => Promise<{ articles: WikiAdminArticle[] }>, done: string, focus?: string) {
    await action.run(async () => {
      setData((await work()).articles);
      setSaid(done);
      focusAfter.current = focus;
      requestAnimationFrame(() => {
        if (focusAfter.current) document.getElementById(focusAfter.current)?.focus();
      });
    }, name);
  }

  function move(articles: WikiAdminArticle[], index: number, by: -1 | 1) {
    const ids = articles.map((article) => article.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    const title = fillPlaceholders(articles[index].title, VARIABLES);
    const to = index + by;
    // The focus stays on the button pressed, unless the move disabled it (first or last place): then on the other one.
    const focus = by < 0 ? (to > 0 ? 'up' : 'down') : to < articles.length - 1 ? 'down' : 'up';
    void change(`move:${articles[index].id}`, () => reorderWiki(ids), `« ${title} » est maintenant en position ${to + 1}.`, `wiki-move-${focus}-${articles[index].id}`);
  }

  return (
    <section className="card stack wiki-admin" aria-labelledby="wiki-admin-title">
      <h2 id="wiki-admin-title">Articles du wiki</h2>
      <p className="muted">L'ordre ci-dessous est celui du menu de l'aide. Un article masqué garde son texte et ses avis, mais les visiteurs ne le voient plus.</p>
      {error && <ErrorBox message={error} />}
      {!data && !error && <Spinner label="Chargement des articles…" />}
      {data && (
        <ol className="wiki-admin__list" aria-label="Menu du wiki">
          {data.map((article, index) => {
            const title = fillPlaceholders(article.title, VARIABLES);
            return (
              <li key={article.id} className="wiki-admin__item">
                <span className="wiki-admin__title">
                  <Link to={`/admin/textes/${wikiTextId(article.id)}`}>{title}</Link>
                  <span className={article.hidden ? 'tag' : 'tag tag--accent'}>{article.hidden ? 'Masqué' : 'En ligne'}</span>
                  <span className="wiki-admin__path">/calshare/wiki/{article.id}</span>
                </span>
                <span className="cluster wiki-admin__actions">
                  <Button id={`wiki-move-up-${article.id}`} variant="secondary" size="small" enabled={index > 0 && !action.busy} aria-label={`Monter « ${title} »`} onClick={() => move(data, index, -1)}>
                    Monter
                  </Button>
                  <Button id={`wiki-move-down-${article.id}`} variant="secondary" size="small" enabled={index < data.length - 1 && !action.busy} aria-label={`Descendre « ${title} »`} onClick={() => move(data, index, 1)}>
                    Descendre
                  </Button>
                  <Button
                    id={`wiki-visibility-${article.id}`}
                    variant="secondary"
                    size="small"
                    busy={action.running === `visibility:${article.id}`}
                    busyLabel="Enregistrement…"
                    aria-label={`${article.hidden ? 'Afficher' : 'Masquer'} « ${title} »`}
                    onClick={() =>
                      void change(
                        `visibility:${article.id}`,
                        () => setWikiArticleHidden(article.id, !article.hidden),
                        article.hidden ? `« ${title} » est en ligne dans le wiki.` : `« ${title} » est masqué : les visiteurs ne le voient plus.`,
                        `wiki-visibility-${article.id}`,
                      )
                    }
                  >
                    {article.hidden ? 'Afficher' : 'Masquer'}
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="wiki-admin__said" role="status">
        {said}
      </p>
      {action.error && <ErrorBox message={action.error} />}
      {data && <NewWikiArticle articles={data} />}
    </section>
  );
}

/** Creates an article (hidden until shown) and opens it in the editor. */
function NewWikiArticle({ articles }: { articles: WikiAdminArticle[] }) {
  const navigate = useNavigate();
  const placeId = useId();
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [position, setPosition] = useState(articles.length);
  const [tried, setTried] = useState(false);
  const action = useAction();
  const idProblem = wikiIdProblem(id);
  const titleProblem = textProblem({ title, description: '', applicable: '', body: '' });

  async function create() {
    setTried(true);
    if (idProblem || titleProblem) return;
    const created = await action.run(async () => {
      await createWikiArticle({ id, title, position });
    });
    if (created) navigate(`/admin/textes/${wikiTextId(id)}`);
  }

  return (
    <form
      className="stack wiki-admin__new"
      noValidate
      aria-labelledby="wiki-new-title"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h3 id="wiki-new-title">Nouvel article</h3>
      <Field
        label="Adresse de l'article"
        value={id}
        onChange={(value) => setId(value.trim().toLowerCase())}
        maxLength={WIKI_ID_MAX_LENGTH}
        required
        hint={`Sa page sera /calshare/wiki/${id || 'mon-article'} : lettres minuscules sans accent, chiffres, « - » ou « _ ».`}
        problem={tried ? idProblem : undefined}
        invalid={tried && idProblem !== null}
        autoComplete="off"
        spellCheck={false}
      />
      <Field label="Titre" value={title} onChange={setTitle} maxLength={TEXT_TITLE_MAX_LENGTH} required problem={tried ? titleProblem : undefined} invalid={tried && titleProblem !== null} />
      <div className="field">
        <label className="field__label" htmlFor={placeId}>
          Place dans le menu
        </label>
        <select id={placeId} className="field__input" value={position} onChange={(event) => setPosition(Number(event.target.value))}>
          <option value={0}>En premier</option>
          {articles.map((article, index) => (
            <option key={article.id} value={index + 1}>
              Après « {fillPlaceholders(article.title, VARIABLES)} »
            </option>
          ))}
        </select>
      </div>
      <p className="muted">L'article est créé masqué : écris-le, publie-le, puis affiche-le dans le wiki.</p>
      <div className="form__actions">
        <Button type="submit" busy={action.busy} busyLabel="Création…">
          Créer l'article
        </Button>
      </div>
      {action.error && <ErrorBox message={action.error} />}
    </form>
  );
}
