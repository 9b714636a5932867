// a session kept on the server and completed only when it is plausible, in
// a real browser. The profile's equipment and limitation and a conversation with the coach shape the
// workout (GENERATE_WORKOUT_FROM_CHAT); a new one would replace it, so the page asks first (checked
// with axe at desktop and phone size); ticks survive a reload and another page; completing before
// half the planned minutes is refused with the time it opens; then both clocks move (the server's
// test clock, the browser's page.clock) and it is accepted, paid for the ticks the server stored.
import type { Page } from '@playwright/test';

import type { WorkoutView } from '../../server/src/contract';
import { catalogueExercise } from '../../server/src/workouts/catalogue';
import { A11Y_VIEWPORTS, seriousViolations } from './a11y';
import { expect, moveServerClock, screenshot, serverNow, signInWithPhantom, test } from './fixtures';

// The browser and the profile in one zone, so the card and the server's refusal name the same time.
const TIME_ZONE = 'Europe/Berlin';
test.use({ timezoneId: TIME_ZONE });

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const sessionCard = (page: Page) => page.getByRole('region', { name: 'ACTIVE_SESSION' });

const [DESKTOP, PHONE] = A11Y_VIEWPORTS.map((viewport) => viewport.size);

test('set equipment and a limitation, chat and generate from the chat, tick, reload: still ticked; completion refused before half time, accepted after the clocks move', async ({
  page,
  wallet,
  serverClock,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const session = await signInWithPhantom(page);
  expect(wallet.requests).toContain('signMessage');
  const headers = { Authorization: `Bearer ${session.token}` };
  // The browser's clock starts at the server's (other specs may have moved that one on) and runs.
  await page.clock.install({ time: await serverNow(page, session) });

  // Profile: dumbbells at hand, a knee to spare.
  await page.goto('/profile');
  await page.getByLabel('AGE (YEARS)').fill('41');
  await page.getByLabel('HEIGHT (CM)').fill('178');
  await page.getByLabel('WEIGHT (KG)').fill('82');
  await page.getByRole('group', { name: 'GOAL' }).getByLabel('LOSE_FAT').check();
  await page.getByRole('group', { name: 'EQUIPMENT' }).getByLabel('DUMBBELLS').check();
  await page.getByRole('group', { name: 'LIMITATIONS' }).getByLabel('KNEE').check();
  await page.getByLabel('TIME_ZONE').selectOption(TIME_ZONE);
  await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
  await expect(toast(page).getByText('Profile Saved')).toBeVisible();

  // Two messages to the coach ask for a 60-minute intermediate HIIT session; the saved profile adds the
  // dumbbells and the knee. GENERATE_WORKOUT_FROM_CHAT builds it: nothing but dumbbells, nothing that loads the knee.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'WORKOUTS', exact: true }).click();
  const coach = page.getByRole('region', { name: 'AI_FITNESS_COACH' });
  const message = coach.getByRole('textbox', { name: 'Message' });
  await message.fill('I have 60 minutes today for a HIIT session');
  await message.press('Enter');
  await expect(
    coach.getByText(/^Here is a 60-minute beginner HIIT session with dumbbells, nothing that loads your knee/),
  ).toBeVisible();
  await message.fill('Make it intermediate, please');
  await message.press('Enter');
  await expect(
    coach.getByText(/^Here is a 60-minute intermediate HIIT session with dumbbells, nothing that loads your knee/),
  ).toBeVisible();
  await coach.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' }).click();
  await expect(toast(page).getByText('Workout Generated!')).toBeVisible();
  const workout = (await (await page.request.get('/api/workout/today', { headers })).json()) as WorkoutView;
  expect(workout).toMatchObject({
    type: 'hiit',
    difficulty: 'intermediate',
    duration: 60,
    ticked: [],
    startedAt: null,
  });
  for (const exercise of workout.exercises) {
    const entry = catalogueExercise(exercise.catalogueId!)!;
    expect([entry.id, entry.equipment.filter((item) => item !== 'dumbbells'), entry.loads.includes('knee')]).toEqual([
      entry.id,
      [],
      false,
    ]);
  }
  await expect(sessionCard(page).getByRole('button', { name: 'START_SESSION' })).toBeVisible();

  // Tick two exercises: the first tick starts the session on the server. From here to the refusal no
  // other test may move the server's clock past its half time.
  await serverClock.hold();
  const boxes = sessionCard(page).getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(2).check();
  const times = sessionCard(page).getByTestId('session-times');
  await expect(times).toHaveText(/^STARTED \d\d:\d\d · COMPLETE_FROM \d\d:\d\d$/);
  const completeFrom = /COMPLETE_FROM (\d\d:\d\d)/.exec((await times.textContent()) ?? '')![1];
  await expect(sessionCard(page).getByRole('button', { name: 'START_SESSION' })).toHaveCount(0);

  // The interval timer of a timed exercise: started, it counts down on the browser's clock.
  const timed = workout.exercises.find((exercise) => exercise.dose?.kind === 'time')!;
  await sessionCard(page)
    .getByRole('button', { name: `Timer for ${timed.name}` })
    .click();
  const timer = sessionCard(page).getByRole('group', { name: `Timer: ${timed.name}` });
  const full = await timer.getByRole('timer').textContent();
  await timer.getByRole('button', { name: 'START_TIMER' }).click();
  await page.clock.runFor(3_000);
  await expect(timer.getByRole('timer')).not.toHaveText(full!);
  await expect(timer.locator('[aria-live="polite"]')).toContainText(timed.name);
  await screenshot(page, 'sessions-ticked-timer-desktop');
  await page.setViewportSize(PHONE);
  await timer.scrollIntoViewIfNeeded();
  await screenshot(page, 'sessions-timer-phone', { fullPage: false });
  await page.setViewportSize(DESKTOP);
  await timer.getByRole('button', { name: 'PAUSE_TIMER' }).click();

  // A new workout now would replace the session: asked first (no serious axe violation at either size), and kept.
  await page.getByRole('region', { name: 'AI_GENERATOR' }).getByRole('button', { name: 'EXECUTE_GENERATION' }).click();
  const confirm = page.getByRole('dialog', { name: 'REPLACE_ACTIVE_SESSION' });
  await expect(confirm).toContainText(`2 of ${workout.exercises.length} exercises ticked`);
  expect(await seriousViolations(page, 'replace-session dialog')).toEqual([]);
  await screenshot(page, 'sessions-replace-dialog-desktop', { fullPage: false });
  await page.setViewportSize(PHONE);
  await expect(confirm.getByRole('button', { name: 'KEEP_SESSION' })).toBeInViewport();
  expect(await seriousViolations(page, 'replace-session dialog, phone')).toEqual([]);
  await screenshot(page, 'sessions-replace-dialog-phone', { fullPage: false });
  await page.setViewportSize(DESKTOP);
  await confirm.getByRole('button', { name: 'KEEP_SESSION' }).click();
  await expect(confirm).toHaveCount(0);

  // Reload, and another page and back: the ticks and the start are the server's.
  await page.reload();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(2)).toBeChecked();
  await expect(boxes.nth(1)).not.toBeChecked();
  await expect(times).toContainText(`COMPLETE_FROM ${completeFrom}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROGRESS', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ANALYTICS_MODULE' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'WORKOUTS', exact: true }).click();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(2)).toBeChecked();
  await expect(page.getByTestId('completion-percent')).toHaveText(
    `${Math.round((2 / workout.exercises.length) * 100)}%`,
  );

  // Too early: refused, with the minute it opens, the one the card names.
  await page.getByRole('button', { name: 'COMPLETE_SESSION' }).click();
  await expect(
    toast(page).getByText(`You can complete this session from ${completeFrom} (half of its 60 minutes)`),
  ).toBeVisible();
  await screenshot(page, 'sessions-too-early-desktop', { fullPage: false });
  await expect(boxes.nth(0)).toBeChecked();
  await serverClock.release();

  // Half an hour later on both clocks: completed, paid for what was ticked.
  await moveServerClock(page, session, 30);
  await page.clock.fastForward('30:00');
  await page.getByRole('button', { name: 'COMPLETE_SESSION' }).click();
  await expect(toast(page).getByText('Workout Completed! 🎉')).toBeVisible();
  await expect(
    toast(page).getByText(
      `${Math.round((workout.creditsReward * 2) / workout.exercises.length)} credits pending: prove today to validate them`,
    ),
  ).toBeVisible();
  await expect(sessionCard(page).getByText('NO_ACTIVE_SESSION')).toBeVisible();
  await screenshot(page, 'sessions-completed-desktop', { fullPage: false });
  const sessions = (await (await page.request.get('/api/workout/sessions', { headers })).json()) as Array<{
    workoutId: string;
  }>;
  expect(sessions.map((s) => s.workoutId)).toEqual([workout.id]);
});
