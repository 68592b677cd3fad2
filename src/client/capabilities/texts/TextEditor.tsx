import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  TEXT_APPLICABLE_MAX_LENGTH,
  TEXT_BODY_MAX_LENGTH,
  TEXT_DESCRIPTION_MAX_LENGTH,
  TEXT_TITLE_MAX_LENGTH,
  textKindLabels,
  textProblem,
  type TextDetail,
  type TextVersion,
} from '../../../shared/texts';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { useLive } from '../../platform/live/useLive';
import { AdminPage } from '../../platform/ui/AdminPage';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { conflictOf, getText, publishText } from './api';
import { byAuthor, fillPlaceholders, formatWhen } from './format';
import { TextConflictPanel } from './TextConflictPanel';
import { TextHistoryPanel } from './TextHistoryPanel';
import { TextPreview } from './TextPreview';
import { TextPublishedMeanwhile } from './TextPublishedMeanwhile';
import { useTextDraft, type DraftStatus } from './useTextDraft';
import './texts.css';

const MARKDOWN_HINT =
  'En Markdown : **gras**, *italique*, [lien](https://…), « - » pour une liste, « ## » pour un intertitre. {appName}, {projectName}, {contactEmail} et {publicUrl} sont remplacés sur la page.';

function statusText(status: DraftStatus): string {
  switch (status.state) {
    case 'saving':
      return 'Enregistrement du brouillon…';
    case 'saved':
      return `Brouillon enregistré à ${new Date(status.at).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;
    default:
      return '';
  }
}

/** What a page puts below a text's Markdown for one kind of text (the wiki's screenshots), given the way to insert Markdown where the cursor is. */
type BodyTools = ComponentType<{ kind: TextDetail['kind']; insert: (markdown: string) => void }>;

/** /admin/textes/:id: the text's editor, once it has loaded. */
export function TextEditorPage({ id, bodyTools }: { id: string; bodyTools?: BodyTools }) {
  const { data, loading, error } = useLoad(`text:${id}`, (signal) => getText(id, signal));
  if (error) {
    return (
      <AdminPage title="Modifier un texte" lead={<Link to="/admin/textes">← Tous les textes</Link>}>
        <ErrorBox message={error} />
      </AdminPage>
    );
  }
  if (loading || !data) {
    return (
      <AdminPage title="Modifier un texte" lead={<Link to="/admin/textes">← Tous les textes</Link>}>
        <Spinner label="Chargement du texte…" />
      </AdminPage>
    );
  }
  return <TextEditor key={id} detail={data} bodyTools={bodyTools} />;
}

/**
 * A text's Markdown with its preview as the page will show it, the draft saved as one types,
 * 'Publier' against the version the editor started from, and the history. A publication over
 * someone else's is refused by the server: their version is shown, never written over.
 */
export function TextEditor({ detail, bodyTools: BodyTools }: { detail: TextDetail; bodyTools?: BodyTools }) {
  const { id, kind } = detail;
  const draft = useTextDraft(detail);
  const { content, baseVersion, status } = draft;
  const [online, setOnline] = useState<TextVersion>(detail.published);
  const [conflict, setConflict] = useState<TextVersion>();
  // A new object each time: the same words said twice still take the focus again.
  const [notice, setNotice] = useState<{ text: string }>();
  const [showProblem, setShowProblem] = useState(false);
  // The draft found on opening, said until something is published.
  const [reopened, setReopened] = useState(detail.draft);
  const action = useAction<'publish'>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const conflictRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  // Enter in a one-line field goes on to the text, as in Ghost or WordPress: a form's Enter
  // would otherwise publish, and only 'Publier' should put a text online.
  const onToText = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    bodyRef.current?.focus();
  };
  // The newest version online, heard of through the `texts` notice while this editor writes.
  const [heard, setHeard] = useState<TextVersion>();
  const publishing = useRef(false);
  const problem = textProblem(content, kind);
  // A wiki article always has its summary (the index's card, the page's description), even a new one.
  const has = (field: 'description' | 'applicable') => (field === 'description' && kind === 'wiki') || detail.published[field] !== '' || (detail.draft?.[field] ?? '') !== '';

  // Focus follows what was done, once it is on the page.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  // Once the panel is on screen: a frame asked for when it was set could come before React drew it.
  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  // Someone else's publication is said at once, not at this editor's 'Publier'; one's own
  // (publishing, or restoring, which sets `online`) is the version already shown.
  useLive('texts', () => {
    if (publishing.current) return;
    getText(id).then(
      (latest) => setHeard(latest.published),
      () => undefined,
    );
  });
  const newer = heard && heard.version > online.version && heard.version > baseVersion && !conflict ? heard : undefined;

  function showNewer(version: TextVersion) {
    setOnline(version);
    setConflict(version);
  }

  function announce(text: string) {
    setNotice({ text });
  }

  async function publish() {
    setNotice(undefined);
    if (problem) {
      setShowProblem(true);
      return;
    }
    await action.run(async () => {
      await draft.settle();
      publishing.current = true;
      try {
        const published = await publishText(id, { ...content, baseVersion });
        setOnline(published.published);
        setConflict(undefined);
        setReopened(null);
        draft.reset(published.published);
        announce(`Version ${published.published.version} publiée : elle est en ligne.`);
      } catch (caught) {
        // The text typed is kept as the draft, whatever happened.
        draft.rebase(baseVersion);
        const current = conflictOf(caught);
        if (!current) throw caught;
        setOnline(current);
        setConflict(current);
      } finally {
        publishing.current = false;
      }
    }, 'publish');
  }

  /** Markdown put in as its own paragraph where the cursor is (at the end when the text has no focus yet). */
  function insertInBody(markdown: string) {
    const body = content.body;
    const at = bodyRef.current?.selectionEnd ?? body.length;
    const before = body.slice(0, at).replace(/\s*$/, '');
    const after = body.slice(at).replace(/^\s*/, '');
    draft.update({ body: `${before}${before ? '\n\n' : ''}${markdown}\n\n${after}` });
  }

  function continueFrom(current: TextVersion) {
    draft.rebase(current.version);
    setConflict(undefined);
    requestAnimationFrame(() => bodyRef.current?.focus());
  }

  function restored(next: TextDetail, from: number) {
    setOnline(next.published);
    setConflict(undefined);
    setReopened(null);
    // Nothing of one's own waiting: the editor follows what is online now.
    if (!next.draft && !draft.unsaved()) draft.reset(next.published);
    announce(`Version ${from} restaurée : elle est en ligne comme version ${next.published.version}.`);
  }

  return (
    <AdminPage
      title={`Modifier « ${fillPlaceholders(online.title)} »`}
      className="texts text-editor"
      lead={
        <>
          <Link to="/admin/textes">← Tous les textes</Link> · {textKindLabels[kind]} · version {online.version} en ligne, publiée le {formatWhen(online.publishedAt)}{' '}
          {byAuthor(online.author)}.
        </>
      }
    >
      {reopened && (
        <p className="notice">
          Ton brouillon du {formatWhen(reopened.savedAt)} est revenu, commencé sur la version {reopened.baseVersion}. Rien n'est en ligne avant « Publier ».
        </p>
      )}

      {newer && <TextPublishedMeanwhile newer={newer} onShow={() => showNewer(newer)} />}

      {conflict && (
        <TextConflictPanel current={conflict} mine={content} headingRef={conflictRef} onContinue={() => continueFrom(conflict)} />
      )}

      <div className="text-editor__workspace">
        <form
          className="card text-editor__form"
          noValidate
          aria-label="Rédaction du texte"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <Field
            label="Titre"
            value={content.title}
            onChange={(title) => draft.update({ title })}
            onKeyDown={onToText}
            maxLength={TEXT_TITLE_MAX_LENGTH}
            required
          />
          {has('description') && (
            <Field
              label="Résumé"
              type="textarea"
              rows={2}
              value={content.description}
              onChange={(description) => draft.update({ description })}
              maxLength={TEXT_DESCRIPTION_MAX_LENGTH}
              showCount
              hint="Une ou deux phrases : ce que les moteurs de recherche et le sommaire montrent."
            />
          )}
          {has('applicable') && (
            <Field
              label="Applicable à partir du"
              value={content.applicable}
              onChange={(applicable) => draft.update({ applicable })}
              onKeyDown={onToText}
              maxLength={TEXT_APPLICABLE_MAX_LENGTH}
              hint="Écrite comme sur la page : « 1er novembre 2023 »."
            />
          )}
          <Field
            label="Texte"
            type="textarea"
            rows={18}
            className="text-editor__body"
            ref={bodyRef}
            value={content.body}
            onChange={(body) => draft.update({ body })}
            spellCheck
            hint={MARKDOWN_HINT}
          />
          {BodyTools && <BodyTools kind={kind} insert={insertInBody} />}
          {showProblem && problem && (
            <p className="field__message field__message--error" role="alert">
              {problem}
            </p>
          )}
          <p className="text-editor__status" aria-live="polite">
            {statusText(status)}
          </p>
          {status.state === 'error' && (
            <p className="text-editor__status text-editor__status--error" role="alert">
              Brouillon non enregistré : {status.message} Il sera renvoyé à la prochaine modification.
            </p>
          )}
          <div className="form__actions">
            <Button type="submit" busy={action.running === 'publish'} busyLabel="Publication…">
              Publier
            </Button>
          </div>
          {action.error && <ErrorBox message={action.error} />}
          {notice && (
            <p className="notice notice--success" ref={noticeRef} tabIndex={-1} role="status">
              {notice.text}
            </p>
          )}
          <p className="text-editor__limit">
            {content.body.length.toLocaleString('fr-FR')} caractères sur {TEXT_BODY_MAX_LENGTH.toLocaleString('fr-FR')} au plus.
          </p>
        </form>
        <TextPreview content={content} label="Aperçu" />
      </div>

      <TextHistoryPanel id={id} online={online} onRestored={restored} />
    </AdminPage>
  );
}
