// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { EMPTY_LEGAL_NOTICE, type LegalNotice } from '../../../shared/legal-notice';
import { apiError, stubApi } from '../../platform/testing/render';
import { LegalNoticeSettings } from './LegalNoticeSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fromEnvironment: LegalNotice = { ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons', email: 'contact@unissons.fr' };

it('shows the saved facts, checks them as the server does, and saves them all', async () => {
  const { calls } = stubApi({
    'GET /api/admin/settings/legal-notice': { status: 200, body: fromEnvironment },
    'PUT /api/admin/settings/legal-notice': ({ body }) => ({ status: 200, body: body as LegalNotice }),
  });
  render(<LegalNoticeSettings />);
  const name = await screen.findByLabelText("Nom de l'association");
  expect((name as HTMLInputElement).value).toBe('Unissons');
  expect((screen.getByLabelText('Adresse mail') as HTMLInputElement).value).toBe('contact@unissons.fr');
  expect(screen.getByRole('group', { name: "L'hébergeur" })).toBeTruthy();

  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Adresse du siège', '12 rue du Stade, 69007 Lyon');
  type('Téléphone', '12');
  type('Numéro RNA', 'w691234567');
  fireEvent.blur(screen.getByLabelText('Téléphone'));
  expect(await screen.findByText('Téléphone : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.')).toBeTruthy();
  const save = screen.getByRole('button', { name: /Mettre à jour les mentions légales/ });
  expect(save.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(save);
  expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

  type('Téléphone', '04 72 00 00 00');
  expect(save.getAttribute('aria-disabled')).not.toBe('true');
  fireEvent.click(save);
  expect(await screen.findByText('Les mentions légales sont enregistrées : la page publique les montre déjà.')).toBeTruthy();
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
    ...fromEnvironment,
    address: '12 rue du Stade, 69007 Lyon',
    phone: '04 72 00 00 00',
    rna: 'W691234567',
  });
});

it("shows the server's refusal in the error box", async () => {
  stubApi({
    'GET /api/admin/settings/legal-notice': { status: 200, body: fromEnvironment },
    'PUT /api/admin/settings/legal-notice': apiError(403, 'http/forbidden', "Tu n'as pas la permission de faire ça 🙁"),
  });
  render(<LegalNoticeSettings />);
  await screen.findByLabelText("Nom de l'association");
  fireEvent.click(screen.getByRole('button', { name: /Mettre à jour les mentions légales/ }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(/permission/)).toBeTruthy();
});
