import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../components/Spinner';
import { publicConfig } from '../config';
import { storeFor } from '../../shared/download';

/**
 * Spec §2 /calshare/download: Apple devices go to the App Store, Android to Google Play,
 * everyone else to /calshare. The server answers a direct visit with the same redirect;
 * this covers navigation inside the site.
 */
export default function Download() {
  const navigate = useNavigate();
  useEffect(() => {
    const store = storeFor(navigator.userAgent);
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
