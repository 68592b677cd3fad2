// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { expect, it } from 'vitest';
import { dropUnlinkedInlinedStyles } from './inlined-style-sheets';

it('drops the inlined sheets whose link React removed, and keeps the others', () => {
  const head = [
    '<style data-inlined-from="/assets/app.css">.a{}</style><link rel="stylesheet" href="/assets/app.css" disabled="">',
    '<style data-inlined-from="/assets/wiki.css">.w{}</style>',
    // The next page's link for a sheet it shares with the last one (not disabled, still loading).
    '<style data-inlined-from="/assets/wall.css">.s{}</style><link rel="stylesheet" href="/assets/wall.css">',
    '<style>.unrelated{}</style>',
  ].join('');
  const document = new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, 'text/html');
  dropUnlinkedInlinedStyles(document);
  const styles = [...document.head.querySelectorAll('style')].map((style) => style.dataset.inlinedFrom ?? style.textContent);
  expect(styles).toEqual(['/assets/app.css', '/assets/wall.css', '.unrelated{}']);
});
