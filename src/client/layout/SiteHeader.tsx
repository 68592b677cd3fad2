import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { isStaff } from '../../shared/permissions';
import { Logo } from '../platform/ui/Logo';
import { useAuth } from '../platform/session/auth-context';
import { publicConfig } from '../config';

const links = [
  { to: '/join', label: 'Le projet' },
  { to: '/calshare', label: publicConfig.appName },
  { to: '/vote', label: 'Voter' },
  { to: '/account', label: 'Mon compte' },
];

/**
 * Staff's way into /admin: the roles that open its home page (moderators and admins). It
 * appears once the session is known, first in the list so the others stay where they are
 * (layout.css places it where its arrival moves nothing).
 */
const adminLink = { to: '/admin', label: 'Administration', className: 'site-nav__item--staff' };

/**
 * Keeps `--header-height` equal to the header's real height, which grows when the menu takes
 * a second row on a phone or when the text is enlarged: anchored headings, the wiki's search
 * results and sticky bars (scroll-padding-top, scroll-margin-top, top) then land below it.
 */
function useHeaderHeightProperty() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    // A header taken out of the page (the loading view's, when the page replaces it) is seen
    // once more with no height: 0px would stretch whatever fills the screen under the header
    // for a frame, until the new header is measured.
    const observer = new ResizeObserver(() => {
      if (element.isConnected) root.style.setProperty('--header-height', `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return header;
}

const noSubscription = () => () => {};

/** False in the prerendered page and while it hydrates; true once the script runs it. */
function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The site's header and main menu. Where the menu's row does not fit (a narrow screen, zoom or
 * enlarged text: layout.css decides, in units that grow with the text) it folds behind a
 * 'Menu' button; before the script runs, and without it, the menu wraps instead.
 */
export function SiteHeader() {
  const { state } = useAuth();
  const header = useHeaderHeightProperty();
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const scripted = useScripted();
  const [open, setOpen] = useState(false);

  const staff = state.status === 'signed-in' && isStaff(state.user.roles);
  const entries: { to: string; label: string; className?: string }[] = staff ? [adminLink, ...links] : links;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  }

  // Tabbing or clicking out of the open menu closes it.
  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  }

  // A tap on text or on the page's background moves no focus in Safari on iOS, so no blur
  // tells the menu: the tap itself closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <header ref={header} className={scripted ? 'site-header site-header--scripted' : 'site-header'}>
      <div className="container site-header__inner">
        <Logo />
        <nav ref={nav} aria-label="Navigation principale" className={open ? 'site-nav site-nav--open' : 'site-nav'} onKeyDown={onKeyDown} onBlur={onBlur}>
          <button
            ref={toggle}
            type="button"
            className="site-nav__toggle"
            aria-expanded={open}
            aria-controls="site-nav-list"
            onClick={() => setOpen(!open)}
          >
            <span className="site-nav__toggle-icon" aria-hidden="true" />
            Menu
          </button>
          <ul id="site-nav-list" className="site-nav__list">
            {entries.map((link) => (
              <li key={link.to} className={link.className}>
                <NavLink to={link.to} className="site-nav__link" onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
