import { useState } from 'react';

/** Signed-out view of the gate: log in, or create an account. */
export function AuthSwitch() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  return (
    <section className="container section auth-switch" aria-labelledby="auth-switch-title">
      <h1 id="auth-switch-title">{mode === 'login' ? 'Connexion' : 'Créer un compte'}</h1>
      <p>Cette page est réservée aux membres.</p>
      <button type="button" className="link-button" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
        {mode === 'login' ? 'Créer un compte' : 'Se connecter'}
      </button>
    </section>
  );
}
