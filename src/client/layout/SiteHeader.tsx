import { NavLink } from 'react-router';
import { Logo } from '../platform/ui/Logo';
import { publicConfig } from '../config';

const links = [
  { to: '/join', label: 'Le projet' },
  { to: '/calshare', label: publicConfig.appName },
  { to: '/vote', label: 'Voter' },
  { to: '/account', label: 'Mon compte' },
];

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label="Navigation principale" className="site-nav">
          <ul className="site-nav__list">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link">
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
