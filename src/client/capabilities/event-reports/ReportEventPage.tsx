import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../platform/ui/Button';
import { SuccessView } from '../../platform/ui/SuccessView';
import { publicConfig } from '../../config';
import { ReportEventForm } from './ReportEventForm';
import './report-event.css';

/** /go_with_calshare (PRODUCT.md "Report an event"): a short text and the form. */
export function ReportEventPage() {
  const { appName } = publicConfig;
  const [sent, setSent] = useState(false);
  // Each report gets a fresh form (and its key), so nothing of the last one lingers.
  const [round, setRound] = useState(0);
  const successRef = useRef<HTMLHeadingElement>(null);
  // Announce the success and move focus to it, replacing the form that had focus: once it is on
  // screen (a frame asked for when it was sent could come before React drew it).
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  return (
    <>
      <section className="hero hero--compact" aria-labelledby="report-title">
        <div className="container">
          <p className="eyebrow">Signaler un événement</p>
          <h1 id="report-title" className="hero__title">
            Un événement manque dans {appName} ?
          </h1>
          <p className="hero__lead">
            Un match, une course, un tournoi ou un gala où tu aimerais aller en covoiturage ? Dis-nous lesquels : on vérifie les
            informations et on l'ajoute à l'app, pour que tout le monde puisse s'y rendre ensemble.
          </p>
        </div>
      </section>
      <div className="container section report-event">
        <div className="report-event__form">
          {sent ? (
            <SuccessView
              title="Merci, c'est bien reçu !"
              headingRef={successRef}
              actions={
                <>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setRound((value) => value + 1);
                      setSent(false);
                    }}
                  >
                    Signaler un autre événement
                  </Button>
                  <ButtonLink to="/calshare" variant="ghost">
                    Découvrir {appName}
                  </ButtonLink>
                </>
              }
            >
              <p>Notre équipe va vérifier l'événement et l'ajouter à {appName}. Si tu as laissé ton adresse mail, on te prévient dès qu'il est en ligne.</p>
            </SuccessView>
          ) : (
            <ReportEventForm
              key={round}
              onSent={() => setSent(true)}
            />
          )}
        </div>
        <aside className="card card--muted report-event__aside" aria-labelledby="report-how">
          <h2 id="report-how" className="card__title">
            Comment ça se passe ?
          </h2>
          <ol className="report-event__steps">
            <li>Tu nous indiques l'événement, sa date, son lieu et un lien où vérifier les informations.</li>
            <li>Notre équipe vérifie et publie l'événement dans le centre d'événements de l'app.</li>
            <li>Les participants et les supporters proposent et réservent leurs trajets pour s'y rendre.</li>
          </ol>
          <p className="muted">
            Tu organises cet événement ? Un compte organisation te permet de publier tes événements toi-même : lis le{' '}
            <Link to="/calshare/organisations">guide des organisations</Link>.
          </p>
        </aside>
      </div>
    </>
  );
}
