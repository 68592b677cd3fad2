import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../platform/ui/Spinner';
import { publicConfig } from '../config';
import { storeFor } from '../../shared/download';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Télécharger l'app",
    description: "Redirection vers l'App Store ou Google Play selon ton téléphone.",
    path: '/calshare/download',
    noindex: true,
  });

/**
 * Spec §2 /calshare/download: Apple devices go to the App Store, Android to Google Play,
 * everyone else to /calshare. The server answers a direct visit itself, except for a Mac
 * user agent, which may be an iPad in desktop mode: only the browser knows its touch screen.
 * This also covers navigation inside the site.
 */
export default function Download() {
  const navigate = useNavigate();
  useEffect(() => {
    const store = storeFor(navigator.userAgent, navigator.maxTouchPoints);
    if (store === 'ios') window.location.replace(publicConfig.iosStoreUrl);
    else if (store === 'android') window.location.replace(publicConfig.androidStoreUrl);
    else navigate('/calshare', { replace: true });
  }, [navigate]);
  return (
    <div className="container section">
      <Spinner label="Redirection vers le store…" />
    </div>
  );
}
