import type { ProfileView } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';

const USER = makeUser();

const NO_ANSWERS: ProfileView['health'] = {
  pregnancy: null,
  pregnancyWeeks: null,
  weeksSinceBirth: null,
  usedToHighImpact: false,
  conditions: [],
};
const NEVER_SAVED: ProfileView = {
  age: null,
  height: 180,
  weight: 77.5,
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  timeZone: 'UTC',
  savedAt: null,
  health: NO_ANSWERS,
};

/** A fake API: GET /api/profile answers the profile, PUT answers `refuse()` or saves the body (then GET answers it). */
function serve(profile: ProfileView, refuse?: () => Response) {
  const sent: Array<Record<string, unknown>> = [];
  let stored: unknown = profile;
  mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    if (path === '/api/user') return jsonResponse(USER);
    if (path === '/api/profile' && request.method === 'PUT') {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (refuse) return refuse();
      stored = { ...body, savedAt: '2026-11-25T08:00:00.000Z' };
      return jsonResponse(stored);
    }
    if (path === '/api/profile') return jsonResponse(stored);
    return jsonResponse([]);
  });
  const store = signedInStore(USER);
  renderApp('/profile', store);
  return { store, sent };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'SAVE_PROFILE' }));
const group = (legend: string) => within(screen.getByRole('group', { name: legend }));

describe('the profile page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored profile under USER_PROFILE, and proposes the browser’s time zone until the first save', async () => {
    serve(NEVER_SAVED);
    expect(await screen.findByRole('heading', { level: 1, name: 'USER_PROFILE' })).toBeTruthy();
    expect(((await screen.findByLabelText('HEIGHT (CM)')) as HTMLInputElement).value).toBe('180');
    expect((screen.getByLabelText('WEIGHT (KG)') as HTMLInputElement).value).toBe('77.5');
    expect((screen.getByLabelText('AGE (YEARS)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('TIME_ZONE') as HTMLSelectElement).value).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(screen.getByTestId('profile-saved-at').textContent).toBe('NOT_SAVED_YET');
    expect(screen.getByRole('button', { name: 'METRIC' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a saved time zone, and shows lists and the goal as chosen', async () => {
    serve({
      ...NEVER_SAVED,
      timeZone: 'Asia/Tokyo',
      goal: 'mobility',
      equipment: ['bands'],
      limitations: ['knee', 'wrist'],
      savedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(((await screen.findByLabelText('TIME_ZONE')) as HTMLSelectElement).value).toBe('Asia/Tokyo');
    expect((group('GOAL').getByLabelText('MOBILITY') as HTMLInputElement).checked).toBe(true);
    expect((group('EQUIPMENT').getByLabelText('BANDS') as HTMLInputElement).checked).toBe(true);
    expect((group('EQUIPMENT').getByLabelText('DUMBBELLS') as HTMLInputElement).checked).toBe(false);
    expect((group('LIMITATIONS').getByLabelText('WRIST') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('profile-saved-at').textContent).toBe('LAST_SAVED: NOV 20, 2026');
  });

  it('switches to imperial, converting what was typed, and saves metric values with every choice', async () => {
    const { store, sent } = serve({ ...NEVER_SAVED, savedAt: '2026-11-20T10:00:00.000Z' });
    await userEvent.type(await screen.findByLabelText('AGE (YEARS)'), '34');
    await userEvent.click(screen.getByRole('button', { name: 'IMPERIAL' }));
    expect((screen.getByLabelText('FEET') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('INCHES') as HTMLInputElement).value).toBe('11');
    const weight = screen.getByLabelText('WEIGHT (LB)') as HTMLInputElement;
    expect(weight.value).toBe('170.9');
    await userEvent.clear(weight);
    await userEvent.type(weight, '165');
    await userEvent.click(group('GOAL').getByLabelText('LOSE_FAT'));
    await userEvent.click(group('EQUIPMENT').getByLabelText('KETTLEBELL'));
    await userEvent.click(group('EQUIPMENT').getByLabelText('DUMBBELLS'));
    await userEvent.click(group('LIMITATIONS').getByLabelText('KNEE'));
    await userEvent.selectOptions(screen.getByLabelText('TIME_ZONE'), 'Europe/Berlin');
    await save();

    await waitFor(() => expect(store.getState().toast.current).toMatchObject({ title: 'Profile Saved' }));
    expect(sent).toEqual([
      {
        age: 34,
        height: 180,
        weight: 74.84,
        goal: 'lose_fat',
        equipment: ['kettlebell', 'dumbbells'],
        limitations: ['knee'],
        units: 'imperial',
        timeZone: 'Europe/Berlin',
        health: NO_ANSWERS,
      },
    ]);
    expect(screen.getByTestId('profile-saved-at').textContent).toBe('LAST_SAVED: NOV 25, 2026');
    expect((screen.getByLabelText('WEIGHT (LB)') as HTMLInputElement).value).toBe('165');
  });

  it('refuses an out-of-range weight in the user’s units before sending, tied to the field and focused', async () => {
    const { store, sent } = serve({ ...NEVER_SAVED, units: 'imperial' });
    const weight = (await screen.findByLabelText('WEIGHT (LB)')) as HTMLInputElement;
    await userEvent.clear(weight);
    await userEvent.type(weight, '40');
    await save();
    const message = 'Weight must be between 66.2-661.3 lb.';
    expect(store.getState().toast.current).toMatchObject({
      title: 'Invalid Input',
      description: message,
      variant: 'destructive',
    });
    expect(sent).toEqual([]);
    expect(weight.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(weight.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(document.activeElement).toBe(weight);

    await userEvent.type(weight, '0');
    expect(weight.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s refusal beside the field it names, and changes nothing shown as saved', async () => {
    const refusal = {
      statusCode: 400,
      code: 'PROFILE_INVALID_TIME_ZONE',
      message: 'Unknown time zone "Etc/Nowhere": choose an IANA name such as Europe/Berlin.',
      error: 'Invalid Time Zone',
    };
    const { store } = serve({ ...NEVER_SAVED, savedAt: '2026-11-20T10:00:00.000Z' }, () => jsonResponse(refusal, 400));
    await screen.findByLabelText('TIME_ZONE');
    await save();
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ title: 'Invalid Time Zone', variant: 'destructive' }),
    );
    const select = screen.getByLabelText('TIME_ZONE');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('timeZone-hint timeZone-error');
    expect(document.getElementById('timeZone-error')?.textContent).toBe(refusal.message);
    expect(document.activeElement).toBe(select);
    expect(screen.getByTestId('profile-saved-at').textContent).toBe('LAST_SAVED: NOV 20, 2026');
  });

  it('ties a refused list to its fieldset', async () => {
    const refusal = {
      statusCode: 400,
      code: 'PROFILE_INVALID_EQUIPMENT',
      message: 'Unknown equipment "x".',
      error: 'Invalid Equipment',
    };
    serve(NEVER_SAVED, () => jsonResponse(refusal, 400));
    await screen.findByLabelText('TIME_ZONE');
    await save();
    const fieldset = await screen.findByRole('group', { name: 'EQUIPMENT' });
    await waitFor(() => expect(fieldset.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldset.getAttribute('aria-describedby')).toBe('equipment-hint equipment-error');
    expect(document.getElementById('equipment-error')?.textContent).toBe(refusal.message);
  });

  it('asks the health questions as optional and private, and sends the answers with the weeks', async () => {
    const { store, sent } = serve({ ...NEVER_SAVED, savedAt: '2026-11-20T10:00:00.000Z' });
    const pregnancy = within(await screen.findByRole('group', { name: 'PREGNANCY' }));
    expect(
      document.getElementById(screen.getByRole('group', { name: 'PREGNANCY' }).getAttribute('aria-describedby')!)
        ?.textContent,
    ).toMatch(/Optional and private: only you see these answers/);
    expect((pregnancy.getByLabelText('PREFER_NOT_TO_SAY') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('WEEKS_PREGNANT')).toBeNull();
    await userEvent.click(pregnancy.getByLabelText('PREGNANT'));
    await userEvent.type(screen.getByLabelText('WEEKS_PREGNANT'), '22');
    await userEvent.click(screen.getByLabelText('I ran, jumped or did HIIT regularly before this pregnancy'));
    await userEvent.click(group('CONDITIONS').getByLabelText('I have high blood pressure'));
    await save();
    await waitFor(() => expect(store.getState().toast.current).toMatchObject({ title: 'Profile Saved' }));
    expect(sent[0].health).toEqual({
      pregnancy: 'pregnant',
      pregnancyWeeks: 22,
      weeksSinceBirth: null,
      usedToHighImpact: true,
      conditions: ['high_blood_pressure'],
    });
  });

  it('refuses weeks out of range before sending, tied to the field and focused', async () => {
    const { sent } = serve({ ...NEVER_SAVED, health: { ...NO_ANSWERS, pregnancy: 'postpartum', weeksSinceBirth: 4 } });
    const weeks = (await screen.findByLabelText('WEEKS_SINCE_THE_BIRTH')) as HTMLInputElement;
    expect(weeks.value).toBe('4');
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '40');
    await save();
    expect(sent).toEqual([]);
    expect(weeks.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('health-error')?.textContent).toBe(
      'Weeks since the birth must be a whole number between 0-26.',
    );
    expect(weeks.getAttribute('aria-describedby')).toContain('health-error');
    expect(document.activeElement).toBe(weeks);
  });

  it('toasts a failure that names no field', async () => {
    const { store } = serve(NEVER_SAVED, () => new Response('boom', { status: 500 }));
    await screen.findByLabelText('TIME_ZONE');
    await save();
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({ title: 'Save Failed', variant: 'destructive' }),
    );
  });

  it('is reached from the top navigation and the bottom bar', async () => {
    serve(NEVER_SAVED);
    await screen.findByRole('heading', { level: 1, name: 'USER_PROFILE' });
    const top = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(top.getByRole('link', { name: 'PROFILE' }).getAttribute('aria-current')).toBe('page');
    const bottom = within(screen.getByRole('navigation', { name: 'Sections' }));
    expect(bottom.getByRole('link', { name: 'USER' }).getAttribute('href')).toBe('/profile');
  });
});
