import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// Hydrated in one go, not in a transition as React Router's default entry does: a concurrent
// hydration yields to the browser between components, and a tap arriving then (a visitor
// answering the help wiki's question on a slow phone) ran its handler on the half-hydrated
// tree, whose update broke the hydration: React threw the page away, drew it again on the
// client and lost the tap.
hydrateRoot(document, <HydratedRouter />);
