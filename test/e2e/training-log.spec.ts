// The training log in a real browser: sets logged set by set, the rest timer, and a session that
// carries on with no signal (the browser context set offline), synced once the network returns and
// paid once. docs/product.md, Training log.
import type { Page } from '@playwright/test';

import type { SessionLogView, WorkoutView } from '../../server/src/contract';
import { expect, moveServerClock, screenshot, type Session, signInWithPhantom, test } from './fixtures';

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const sessionCard = (page: Page) => page.getByRole('region', { name: 'ACTIVE_SESSION' });

async function todayWithSets(page: Page, session: Session): Promise<WorkoutView> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const res = await page.request.post('/api/workout/generate', {
    headers,
    data: { userId: session.user.id, type: 'strength', difficulty: 'beginner', duration: 15 },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as WorkoutView;
}

async function serverSets(page: Page, session: Session, workoutId: string): Promise<SessionLogView['sets']> {
  const res = await page.request.get(`/api/workout/${workoutId}/sets`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  return ((await res.json()) as SessionLogView).sets;
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`logs sets online and offline, keeps them through the lost signal, syncs each once and is paid once (${device})`, async ({
    page,
    wallet,
  }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport);
    const session = await signInWithPhantom(page);
    const workout = await todayWithSets(page, session);
    const main = workout.exercises.find((e) => e.phase === 'main' && e.dose?.kind === 'reps')!;
    await page.goto('/workouts');
    const card = sessionCard(page);
    await expect(card.getByRole('heading', { name: workout.name })).toBeVisible();

    // Online: the first set of the main exercise, prefilled from the prescription.
    const setForm = (n: number) => card.getByRole('form', { name: `${main.name} set ${n}` });
    await expect(setForm(1).getByRole('textbox', { name: /^Reps/ })).toHaveValue(
      String(main.dose!.kind === 'reps' && main.dose.reps),
    );
    await setForm(1)
      .getByRole('button', { name: `Log ${main.name} set 1` })
      .click();
    await expect(card.getByTestId('logged-set').first()).toBeVisible();
    const timer = page.getByTestId('rest-timer');
    await expect(timer).toBeVisible();
    await timer.getByRole('button', { name: '+15 s' }).click();
    await expect.poll(async () => (await serverSets(page, session, workout.id)).length).toBe(1);

    // The signal goes: a second set and a tick are kept on the device and the card says so.
    await page.context().setOffline(true);
    await expect(page.getByText('OFFLINE', { exact: true })).toBeVisible();
    await setForm(2).getByRole('textbox', { name: /^Reps/ }).fill('6');
    await setForm(2)
      .getByRole('button', { name: `Log ${main.name} set 2` })
      .click();
    const other = workout.exercises.find((e) => e.id !== main.id)!;
    await card.getByRole('checkbox', { name: other.name }).check();
    // The second set of a two-set prescription also ticks the exercise: one more change.
    const waiting = 2 + (main.dose!.sets === 2 ? 1 : 0);
    await expect(card.getByTestId('sync-status')).toContainText(`${waiting} changes waiting to sync`);
    await expect(card.getByText('TO_SYNC').first()).toBeVisible();
    await expect(timer).toBeVisible();
    await screenshot(page, `training-log-offline-${device}`, { fullPage: device === 'phone' });

    // The completion waits with them, once half the session has passed on the server's clock.
    await moveServerClock(page, session, 8);
    await card.getByRole('button', { name: 'COMPLETE_SESSION' }).click();
    await expect(toast(page).getByText('Completion Queued')).toBeVisible();
    await expect(card.getByTestId('sync-status')).toContainText(
      `${waiting + 1} changes waiting to sync, the completion among them`,
    );
    expect((await serverSets(page, session, workout.id)).length).toBe(1);

    // Back online: everything is sent once, in order, and the session is paid once.
    await page.context().setOffline(false);
    await expect(toast(page).getByText('Workout Completed! 🎉')).toBeVisible();
    await expect(card.getByText('NO_ACTIVE_SESSION')).toBeVisible();
    const sets = await serverSets(page, session, workout.id);
    expect(sets.map((s) => [s.order, s.reps])).toEqual([
      [0, main.dose!.kind === 'reps' ? main.dose.reps : 0],
      [1, 6],
    ]);
    const user = await (
      await page.request.get('/api/user', { headers: { Authorization: `Bearer ${session.token}` } })
    ).json();
    expect(user.totalWorkouts).toBe(1);
    expect(user.pendingCredits).toBeGreaterThan(0);
    // The rest timer survives a reload (its end is kept on the device).
    await timer.getByRole('button', { name: /SKIP|DISMISS/ }).click();
    await screenshot(page, `training-log-synced-${device}`);
  });
}
