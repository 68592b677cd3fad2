import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_SEARCH_MAX_LENGTH, type MemberListItem, type MemberSearch, type YesNo } from '../../../shared/members';
import { isRole, roleLabels, ROLES } from '../../../shared/permissions';
import type { AccountType } from '../../../shared/user';
import { AdminPage } from '../../platform/ui/AdminPage';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { usePagedList } from '../../platform/data/usePagedList';
import { searchMembers, searchParams } from './api';
import { formatDate, memberName } from './format';
import { MemberTags } from './MemberTags';
import { listState } from './list-return';
import './members.css';
import { SeeMore } from '../../platform/ui/SeeMore';

type Filter = 'type' | 'verified' | 'subscribed' | 'role' | 'suspended';

const YES_NO = (yes: string, no: string) => [
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];

const FILTERS: { name: Filter; label: string; options: { value: string; label: string }[] }[] = [
  {
    name: 'type',
    label: 'Type de compte',
    options: [
      { value: 'user', label: 'Personnes' },
      { value: 'organisation', label: 'Organisations' },
    ],
  },
  { name: 'verified', label: 'Adresse vérifiée', options: YES_NO('Vérifiée', 'Non vérifiée') },
  { name: 'subscribed', label: 'Newsletter', options: YES_NO('Abonnés', 'Non abonnés') },
  { name: 'role', label: 'Rôle', options: ROLES.map((role) => ({ value: role, label: roleLabels[role] })) },
  { name: 'suspended', label: 'Suspension', options: YES_NO('Suspendus', 'Non suspendus') },
];

const yesNo = (value: string | null): YesNo | undefined => (value === 'yes' || value === 'no' ? value : undefined);

/** The search the page's URL describes, so the back button returns to the same list. */
function searchFromUrl(params: URLSearchParams): MemberSearch {
  const type = params.get('type');
  const role = params.get('role') ?? '';
  return {
    q: params.get('q')?.slice(0, MEMBER_SEARCH_MAX_LENGTH) || undefined,
    type: type === 'user' || type === 'organisation' ? (type as AccountType) : undefined,
    verified: yesNo(params.get('verified')),
    subscribed: yesNo(params.get('subscribed')),
    role: isRole(role) ? role : undefined,
    suspended: yesNo(params.get('suspended')),
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** /admin/members: search, filters, a page of members at a time. */
export function AdminMembers() {
  const [params, setParams] = useSearchParams();
  const search = searchFromUrl(params);
  const [query, setQuery] = useState(search.q ?? '');
  // On a phone the filters fold behind 'Filtres', so the results come right after the search.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = FILTERS.filter((filter) => search[filter.name] !== undefined).length;
  const list = usePagedList<MemberListItem, HTMLAnchorElement>(searchParams(search).toString(), (after, signal) =>
    searchMembers({ ...search, after }, signal).then((page) => ({ items: page.members, next: page.next })),
  );
  const { loading, items: members, next, error } = list;

  function update(changes: Partial<Record<Filter | 'q', string>>) {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: query.trim() });
  }

  return (
    <AdminPage
      title="Membres"
      className="members"
      lead="Retrouver un compte, voir son activité, changer ses rôles, le suspendre ou le supprimer."
    >
      <div className="card admin-block">
        <form role="search" className="members-search" noValidate onSubmit={submit} aria-label="Recherche de membres">
          <div className="members-search__query">
            <Field
              label="Rechercher un membre"
              type="search"
              value={query}
              onChange={setQuery}
              maxLength={MEMBER_SEARCH_MAX_LENGTH}
              hint="Adresse mail, nom d'utilisateur, prénom ou nom : le début d'un mot suffit, accents et majuscules au choix."
            />
            <Button type="submit">Rechercher</Button>
            <Button
              variant="secondary"
              className="members-search__toggle"
              aria-expanded={filtersOpen}
              aria-controls="members-filters"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {activeFilters > 0 ? `Filtres (${activeFilters})` : 'Filtres'}
            </Button>
          </div>
          <div id="members-filters" className={filtersOpen ? 'members-search__filters members-search__filters--open' : 'members-search__filters'}>
            {FILTERS.map((filter) => (
              <div key={filter.name} className="field">
                <label className="field__label" htmlFor={`members-filter-${filter.name}`}>
                  {filter.label}
                </label>
                <select
                  id={`members-filter-${filter.name}`}
                  className="field__input members-select"
                  value={search[filter.name] ?? ''}
                  onChange={(event) => update({ [filter.name]: event.target.value })}
                >
                  <option value="">Tous</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        </form>
      </div>

      <section className="admin-block members-results" aria-labelledby="members-results-title" aria-busy={loading}>
        <h2 id="members-results-title" className="visually-hidden">
          Résultats
        </h2>
        <p role="status" className="members-results__count">
          {loading
            ? ''
            : members &&
              !error &&
              (members.length === 0
                ? 'Aucun membre ne correspond à ta recherche.'
                : `${plural(members.length, 'membre affiché', 'membres affichés')}${next ? ' (il y en a d’autres)' : ''}`)}
        </p>
        {error && <ErrorBox message={error} />}
        {loading && <Spinner label="Recherche des membres…" />}
        {!loading && members && members.length > 0 && (
          <ul className="members-list" role="list">
            {members.map((member, index) => (
              <li key={member.uuid} className="card members-list__item">
                <div className="members-list__main">
                  <Link
                    ref={index === list.firstNewIndex ? list.firstNewRef : undefined}
                    to={`/admin/members/${member.uuid}`}
                    state={listState(params)}
                    className="members-list__name"
                  >
                    {memberName(member)}
                  </Link>
                  <span className="members-list__email">{member.email}</span>
                  <span className="members-list__meta">
                    @{member.username} · inscrit le {formatDate(member.createdAt)}
                  </span>
                </div>
                <MemberTags member={member} />
              </li>
            ))}
          </ul>
        )}
        {!loading && next && (
          <SeeMore busy={list.loadingMore} busyLabel="Chargement des membres suivants…" onMore={() => void list.more()} />
        )}
      </section>
    </AdminPage>
  );
}
