import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MemberDetail as Member } from '../../../shared/members';
import { roleLabels, type Role } from '../../../shared/permissions';
import { Button } from '../../platform/ui/Button';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { useAuth } from '../../platform/session/auth-context';
import { deleteMember, getMember, resetSecondFactor, setMemberRole, setMemberSuspension } from './api';
import { formatDate, memberName } from './format';
import { MemberTags } from './MemberTags';
import { membersListPath } from './list-return';
import '../../platform/ui/admin.css';
import './members.css';

/** An action of the page, as its button and its confirmation dialog say it. */
interface Action {
  id: string;
  button: string;
  title: string;
  text: string;
  confirm: string;
  busy: string;
  done: string;
  danger?: boolean;
  run(): Promise<Member | undefined>;
}

/** What giving or taking each role changes, said in the confirmation. */
const roleChangeText: Readonly<Record<Role, (name: string) => { grant: string; revoke: string }>> = {
  admin: (name) => ({
    grant: `${name} aura accès à toute l'administration : membres, journal, newsletter, réglages, textes du site…`,
    revoke: `${name} n'aura plus accès à l'administration (sauf la modération ou les textes, s'il ou elle est aussi modérateur ou rédacteur).`,
  }),
  moderator: (name) => ({
    grant: `${name} pourra approuver ou refuser les mots et les sports suggérés, et rien d'autre.`,
    revoke: `${name} n'aura plus accès à la file de modération.`,
  }),
  editor: (name) => ({
    grant: `${name} pourra modifier et publier les textes du site (articles du wiki, politique de confidentialité, mot des fondateurs, documents légaux), et rien d'autre : ni les membres, ni la modération, ni la newsletter.`,
    revoke: `${name} ne pourra plus modifier les textes du site.`,
  }),
};

function actionsFor(member: Member, self: boolean): Action[] {
  const name = memberName(member);
  const role = (role: Role, what: string): Action => {
    const granted = member.roles.includes(role);
    return {
      id: `role-${role}`,
      button: granted ? `Retirer le rôle ${what}` : `Nommer ${what}`,
      title: granted ? `Retirer le rôle ${what} ?` : `Nommer ${name} ${what} ?`,
      text: roleChangeText[role](name)[granted ? 'revoke' : 'grant'],
      confirm: granted ? 'Oui, retirer le rôle' : `Oui, nommer ${what}`,
      busy: 'Changement du rôle…',
      done: granted ? `${name} n'a plus le rôle ${roleLabels[role].toLowerCase()}.` : `${name} a maintenant le rôle ${roleLabels[role].toLowerCase()}.`,
      run: () => setMemberRole(member.uuid, role, !granted),
    };
  };
  const actions = [role('admin', 'administrateur'), role('moderator', 'modérateur'), role('editor', 'rédacteur')];
  // Refused by the server too: an admin keeps their own role and their own account here.
  if (self) return actions.filter((action) => !(action.id === 'role-admin' && member.roles.includes('admin')));
  if (member.twoFactorEnabled || member.passkeys > 0) {
    actions.push({
      id: 'two-factor',
      button: 'Réinitialiser la validation en deux étapes',
      title: `Réinitialiser la validation en deux étapes de ${name} ?`,
      text: `Pour un membre qui a perdu son téléphone et ses codes de secours : son application d'authentification, ses codes de secours et ses clés d'accès sont retirés, et son mot de passe suffit de nouveau pour se connecter. Vérifie d'abord que c'est bien lui ou elle qui le demande. Un mail le lui dit.`,
      confirm: 'Oui, réinitialiser',
      busy: 'Réinitialisation…',
      done: `La validation en deux étapes de ${name} est réinitialisée : son mot de passe suffit de nouveau.`,
      danger: true,
      run: () => resetSecondFactor(member.uuid),
    });
  }
  actions.push(
    member.suspended
      ? {
          id: 'suspension',
          button: 'Rétablir le compte',
          title: `Rétablir le compte de ${name} ?`,
          text: `${name} pourra de nouveau se connecter, et son mot de soutien, s'il est publié, réapparaîtra.`,
          confirm: 'Oui, rétablir',
          busy: 'Rétablissement…',
          done: `Le compte de ${name} est rétabli.`,
          run: () => setMemberSuspension(member.uuid, false),
        }
      : {
          id: 'suspension',
          button: 'Suspendre le compte',
          title: `Suspendre le compte de ${name} ?`,
          text: `${name} sera déconnecté(e) tout de suite et ne pourra plus se connecter ; son mot de soutien sera masqué. Tu pourras rétablir le compte plus tard.`,
          confirm: 'Oui, suspendre',
          busy: 'Suspension…',
          done: `Le compte de ${name} est suspendu.`,
          danger: true,
          run: () => setMemberSuspension(member.uuid, true),
        },
    {
      id: 'delete',
      button: 'Supprimer le compte',
      title: `Supprimer le compte de ${name} ?`,
      text: `C'est définitif, comme quand un membre supprime son propre compte : profil, photo, réactions et sessions sont effacés ; un mot de soutien publié reste, signé « Inconnu ».`,
      confirm: 'Oui, supprimer définitivement',
      busy: 'Suppression…',
      done: `Le compte de ${name} a été supprimé.`,
      danger: true,
      run: async () => {
        await deleteMember(member.uuid);
        return undefined;
      },
    },
  );
  return actions;
}

/** /admin/members/:id: a member's account, and what an admin may do with it. */
export function MemberDetail({ id }: { id: string }) {
  const location = useLocation();
  const { state } = useAuth();
  const { data: member, error: loadError, setData: setMember } = useLoad(id, (signal) => getMember(id, signal));
  const [asking, setAsking] = useState<Action>();
  const { busy: running, error: actionError, setError: setActionError, run } = useAction();
  const [done, setDone] = useState<string>();
  const [deleted, setDeleted] = useState<string>();
  const deletedHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (deleted) deletedHeading.current?.focus();
  }, [deleted]);

  async function confirm() {
    if (!asking) return;
    await run(async () => {
      const updated = await asking.run();
      if (updated) setMember(updated);
      else setDeleted(asking.done);
      setDone(asking.done);
      setAsking(undefined);
    });
  }

  const breadcrumb = (
    <nav aria-label="Fil d'Ariane" className="admin__breadcrumb">
      <Link to={membersListPath(location.state)}>← Membres</Link>
    </nav>
  );

  if (deleted) {
    return (
      <div className="container section admin">
        <header className="admin__header">
          {breadcrumb}
          <h1 ref={deletedHeading} tabIndex={-1}>
            Compte supprimé
          </h1>
        </header>
        <p className="notice notice--success">{deleted}</p>
      </div>
    );
  }

  const self = member?.uuid === state.user?.uuid;
  const actions = member ? actionsFor(member, self) : [];
  const word = member?.word;

  return (
    <div className="container section admin member-detail">
      <header className="admin__header">
        {breadcrumb}
        <h1>{member ? memberName(member) : 'Membre'}</h1>
        {member && <MemberTags member={member} />}
      </header>
      {loadError && <ErrorBox message={loadError} />}
      {!member && !loadError && <Spinner label="Chargement du compte…" />}
      {member && (
        <>
          <div role="status" className="admin__status">
            {done && <p className="notice notice--success">{done}</p>}
          </div>
          <section className="card admin-block" aria-labelledby="member-profile-title">
            <h2 id="member-profile-title">Profil</h2>
            <dl className="member-facts">
              <dt>Adresse mail</dt>
              <dd>{member.email}</dd>
              <dt>Nom d'utilisateur</dt>
              <dd>{member.username}</dd>
              {member.accountType === 'user' && (
                <>
                  <dt>Prénom et nom</dt>
                  <dd>{`${member.firstname} ${member.lastname}`.trim() || '—'}</dd>
                </>
              )}
              <dt>Type de compte</dt>
              <dd>{member.accountType === 'user' ? 'Personne' : 'Organisation'}</dd>
              <dt>Bio</dt>
              <dd>{member.bio || '—'}</dd>
              <dt>Rôles</dt>
              <dd>{member.roles.length ? member.roles.map((role) => roleLabels[role as Role] ?? role).join(', ') : 'Membre'}</dd>
            </dl>
          </section>
          <section className="card admin-block" aria-labelledby="member-activity-title">
            <h2 id="member-activity-title">Dates et activité</h2>
            <dl className="member-facts">
              <dt>Inscription</dt>
              <dd>{formatDate(member.createdAt, true)}</dd>
              <dt>Dernière visite</dt>
              <dd>{formatDate(member.lastSeenAt, true)}</dd>
              <dt>Adresse vérifiée</dt>
              <dd>{member.emailVerifiedAt ? `Oui, le ${formatDate(member.emailVerifiedAt)}` : 'Non'}</dd>
              <dt>Newsletter</dt>
              <dd>
                {member.newsletter ? 'Abonné(e)' : 'Non abonné(e)'}
                {member.emailUndeliverable && ' — adresse refusée par son serveur, rien ne lui parvient'}
              </dd>
              <dt>Statut</dt>
              <dd>{member.suspendedAt ? `Suspendu depuis le ${formatDate(member.suspendedAt, true)}` : 'Actif'}</dd>
              <dt>Sessions ouvertes</dt>
              <dd>{member.sessions}</dd>
              <dt>Validation en deux étapes</dt>
              <dd>
                {member.twoFactorEnabled ? 'Activée' : 'Non activée'}
                {member.passkeys > 0 && ` — ${member.passkeys} clé${member.passkeys > 1 ? 's' : ''} d'accès`}
              </dd>
              <dt>Réactions aux sports</dt>
              <dd>{member.reactions}</dd>
              <dt>Trajets effectués</dt>
              <dd>{member.pastTrips}</dd>
              <dt>Mot de soutien</dt>
              <dd>
                {word ? (
                  <>
                    <q>{word.content}</q> <span className="tag">{word.public ? (word.vip ? 'Publié, VIP' : 'Publié') : 'En attente de modération'}</span>
                  </>
                ) : (
                  'Aucun'
                )}
              </dd>
            </dl>
          </section>
          <section className="card admin-block" aria-labelledby="member-actions-title">
            <h2 id="member-actions-title">Actions</h2>
            {self && <p className="muted">C'est ton compte : tu ne peux ni retirer ton propre rôle d'administrateur, ni te suspendre ou te supprimer ici.</p>}
            <div className="member-actions">
              {actions.map((action) => (
                <Button
                  key={action.id}
                  variant="secondary"
                  className={action.danger ? 'btn--danger-outline' : undefined}
                  onClick={() => {
                    setActionError(undefined);
                    setDone(undefined);
                    setAsking(action);
                  }}
                >
                  {action.button}
                </Button>
              ))}
            </div>
            <p className="muted member-actions__note">Chaque action est inscrite au journal de l'administration.</p>
          </section>
        </>
      )}
      <ConfirmDialog
        open={asking !== undefined}
        title={asking?.title ?? ''}
        confirmLabel={asking?.confirm ?? ''}
        busy={running}
        busyLabel={asking?.busy ?? ''}
        danger={asking?.danger}
        error={actionError}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(undefined)}
      >
        <p>{asking?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
