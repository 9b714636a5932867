// Programs in a real browser: the member asks the coach for a program over weeks, the coach says
// what it would build from the profile and the chat, BUILD_MY_PROGRAM on the programs page builds
// and follows it, its week shows, and its first session becomes today's workout. The programs page
// (catalogue, the coach's panel, the history import) is checked with axe at desktop and phone size.
// docs/product.md, Programs.
import type { Page } from '@playwright/test';

import type { ActiveProgramView, WorkoutView } from '../../server/src/contract';
import { catalogueExercise } from '../../server/src/workouts/catalogue';
import { A11Y_VIEWPORTS, seriousViolations } from './a11y';
import { expect, screenshot, signInWithPhantom, test } from './fixtures';

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const [DESKTOP, PHONE] = A11Y_VIEWPORTS.map((viewport) => viewport.size);

test('asks the coach for a program, builds it on the programs page, sees its week and trains its first session', async ({
  page,
  wallet,
}) => {
  test.setTimeout(90_000);
  expect(wallet.address).toBeTruthy();
  await page.setViewportSize(DESKTOP);
  const session = await signInWithPhantom(page);
  const headers = { Authorization: `Bearer ${session.token}` };
  const profile = await page.request.put('/api/profile', {
    headers,
    data: {
      age: 34,
      height: 180,
      weight: 82,
      goal: 'build_muscle',
      equipment: ['dumbbells', 'bench'],
      limitations: ['knee'],
      units: 'metric',
      timeZone: 'UTC',
    },
  });
  expect(profile.ok()).toBe(true);

  // The coach says what it would build, with the days and weeks asked, and where to start it.
  await page.goto('/workouts');
  const coach = page.getByRole('region', { name: 'AI_FITNESS_COACH' });
  const message = coach.getByRole('textbox', { name: 'Message' });
  await message.fill('Can you make me a program, 4 days a week for 6 weeks?');
  await message.press('Enter');
  const reply = coach.getByText(/^I can build that as a program: Your 4-Day Upper\/Lower/);
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('4 days a week for 6 weeks');
  await expect(reply).toContainText('nothing that loads your knee');
  await expect(reply).toContainText('Press BUILD_MY_PROGRAM on the PROGRAMS page');

  // The programs page: the coach's panel takes the chat's days and weeks unless chosen here.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROGRAMS', exact: true }).click();
  const panel = page.getByRole('region', { name: 'BUILD_WITH_COACH' });
  await expect(panel.getByRole('combobox', { name: 'DAYS_A_WEEK' })).toHaveValue('');
  await expect(page.getByRole('region', { name: 'BRING_YOUR_HISTORY' })).toBeVisible();
  expect(await seriousViolations(page, 'programs page')).toEqual([]);
  await screenshot(page, 'programs-desktop');
  await panel.getByRole('button', { name: 'BUILD_MY_PROGRAM' }).click();
  await expect(toast(page).getByText('Program Built')).toBeVisible();

  const mine = page.getByRole('region', { name: 'YOUR_PROGRAM' });
  await expect(mine.getByText('Your 4-Day Upper/Lower', { exact: true })).toBeVisible();
  await expect(mine).toContainText('0 / 24 SESSIONS');
  await mine.getByRole('button', { name: 'SHOW_WEEK' }).click();
  for (const day of ['Upper A', 'Lower A', 'Upper B', 'Lower B'])
    await expect(mine.getByRole('region', { name: day })).toBeVisible();
  expect(await seriousViolations(page, 'programs page, the coach-built program followed')).toEqual([]);
  await screenshot(page, 'programs-coach-built-desktop');
  await page.setViewportSize(PHONE);
  expect(await seriousViolations(page, 'programs page, phone')).toEqual([]);
  await screenshot(page, 'programs-coach-built-phone');
  await page.setViewportSize(DESKTOP);

  const active = (await (await page.request.get('/api/programs/active', { headers })).json()) as ActiveProgramView;
  expect(active).toMatchObject({ programId: 'coach-built', status: 'active', total: 24 });

  // Its first session becomes today's workout: the program's day, nothing that loads the knee.
  await mine.getByRole('link', { name: 'TO_TRAINING' }).click();
  const today = page.getByRole('region', { name: 'PROGRAM' });
  await today.getByRole('button', { name: 'TRAIN_PROGRAM_SESSION' }).click();
  await expect(toast(page).getByText('Program Session Ready')).toBeVisible();
  const workout = (await (await page.request.get('/api/workout/today', { headers })).json()) as WorkoutView;
  expect(workout.name).toContain('Upper A');
  await expect(
    page.getByRole('region', { name: 'ACTIVE_SESSION' }).getByRole('heading', { name: workout.name }),
  ).toBeVisible();
  for (const exercise of workout.exercises)
    expect([exercise.name, catalogueExercise(exercise.catalogueId!)!.loads.includes('knee')]).toEqual([
      exercise.name,
      false,
    ]);
  await screenshot(page, 'programs-first-session-desktop', { fullPage: false });
});
