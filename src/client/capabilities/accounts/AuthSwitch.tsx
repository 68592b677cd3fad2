import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RETURN_PARAM, returnPath } from '../../../shared/routes';
import { useAuth } from '../../platform/session/auth-context';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import './auth.css';

type Mode = 'login' | 'register' | 'forgot';

/** The view is in the URL (?auth=register) so links can open it and Back returns to the previous one. */
const MODE_PARAM = 'auth';

function modeFrom(value: string | null): Mode {
  return value === 'register' || value === 'forgot' ? value : 'login';
}

const TITLES: Record<Mode, string> = {
  login: 'Connexion',
  register: 'Créer un compte',
  forgot: 'Mot de passe oublié',
};

const INTROS: Record<Mode, string> = {
  login: 'Connecte-toi pour accéder à cette page réservée aux membres.',
  register: 'Rejoins le projet en deux étapes : tes identifiants, puis ton profil.',
  forgot: '',
};

/** Said instead when a page sent the visitor here to sign in (signInPath): they will go back to it. */
const RETURN_INTRO = 'Connecte-toi, puis tu reviendras là où tu étais.';

/** Signed-out view of the gate (spec §2): log in, create an account, or get a temporary password. */
export function AuthSwitch() {
  const { refresh } = useAuth();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const mode = modeFrom(params.get(MODE_PARAM));
  const intro = mode === 'login' && returnPath(params.get(RETURN_PARAM)) ? RETURN_INTRO : INTROS[mode];
  // Shared by the three views, so an address typed to log in is there for 'Mot de passe oublié ?'.
  const [email, setEmail] = useState('');

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current !== mode) headingRef.current?.focus();
    shownMode.current = mode;
  }, [mode]);

  const linkTo = (target: Mode) => {
    const next = new URLSearchParams(params);
    if (target === 'login') next.delete(MODE_PARAM);
    else next.set(MODE_PARAM, target);
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
  // Signed in, the page opens where it is (its 'retour', if any, is /account's to follow).
  const here = { pathname, ...linkTo('login') };

  async function loggedIn() {
    if (params.has(MODE_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(MODE_PARAM);
      setParams(next, { replace: true });
    }
    await refresh();
  }

  return (
    <section className="container section auth-switch" aria-labelledby="auth-switch-title">
      <div className="form-card auth-card">
        <h1 id="auth-switch-title" className="auth-card__title" ref={headingRef} tabIndex={-1}>
          {TITLES[mode]}
        </h1>
        {intro && <p className="auth-card__intro">{intro}</p>}

        {mode === 'login' && <LoginForm email={email} onEmailChange={setEmail} onLoggedIn={loggedIn} />}
        {mode === 'register' && (
          <RegisterForm email={email} onEmailChange={setEmail} accountLinks={{ login: linkTo('login'), forgot: linkTo('forgot') }} destination={here} />
        )}
        {mode === 'forgot' && <ForgotPasswordForm email={email} onEmailChange={setEmail} />}

        <nav className="auth-card__links" aria-label="Autres options">
          {mode === 'login' && (
            <>
              <Link to={linkTo('forgot')}>Mot de passe oublié ?</Link>
              <p>
                Pas encore de compte ? <Link to={linkTo('register')}>Créer un compte</Link>
              </p>
            </>
          )}
          {mode !== 'login' && (
            <p>
              {mode === 'register' ? 'Déjà membre ? ' : ''}
              <Link to={linkTo('login')}>{mode === 'register' ? 'Se connecter' : 'Retour à la connexion'}</Link>
            </p>
          )}
          {mode === 'register' && (
            <p>
              Un club, une association ? <Link to="/join_as_organisation">Créer un compte organisation</Link>
            </p>
          )}
        </nav>
      </div>
    </section>
  );
}
