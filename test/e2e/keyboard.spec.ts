// Keyboard only: sign in with the injected Phantom, reach every page, open and close every
// dialog, train and complete the daily proof with Tab, Enter, Space and Escape, asserting where focus
// is after each step. No mouse: clicks are never used, files are given to the picker Enter opens.
import type { Locator, Page } from '@playwright/test';

import { A11Y_VIEWPORTS } from './a11y';
import { CHECKED, dayCode, expect, moveServerClock, proofFiles, screenshot, test } from './fixtures';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Presses Tab until `target` has focus, or Shift+Tab when it comes before the focused element, as a
 * keyboard user would; fails if it is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible();
  const backwards = await target.evaluate((element) => {
    const focused = document.activeElement;
    // Focus is further down the page than the target.
    return (
      !!focused &&
      focused !== document.body &&
      !!(element.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING)
    );
  });
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs through a whole open dialog and past its ends: focus never leaves it. */
async function expectTabTrappedIn(page: Page, dialog: Locator, presses: number) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

/** Opens a dialog from its opener with Enter: focus moves in; Escape closes it and focus is back on the opener. */
async function openAndCloseDialog(page: Page, opener: Locator, name: string, tabPresses: number) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await expectTabTrappedIn(page, dialog, tabPresses);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

async function goTo(page: Page, link: string, title: string | RegExp) {
  const target = mainNav(page).getByRole('link', { name: link, exact: true });
  await tabTo(page, target);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(target).toBeFocused();
  await expect(target).toHaveAttribute('aria-current', 'page');
}

test('keyboard only: sign in, every page, every dialog, a workout and the daily proof', async ({ page, wallet }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(A11Y_VIEWPORTS[0].size);
  await page.goto('/');

  // Login: the skip link comes first, then the wallet button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'CONNECT_PHANTOM_WALLET' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'SWEAT_CREDITS_SYS' })).toBeVisible();
  expect(wallet.requests).toEqual(['connect', 'signMessage']);

  // The skip link jumps past the navigation: the next Tab lands in the screen's content.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await tabTo(page, skip);
  await expect(skip).toBeVisible();
  await screenshot(page, 'keyboard-skip-link-desktop', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

  // Training: generate, tick every exercise with Space, complete; the chat log takes focus.
  await goTo(page, 'WORKOUTS', 'TRAINING_MODULE');
  await tabTo(page, page.getByRole('button', { name: 'EXECUTE_GENERATION' }));
  await page.keyboard.press('Enter');
  const toastRegion = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toastRegion.getByText('New Workout Generated! 💪')).toBeVisible();
  await page.keyboard.press('F8');
  await expect(toastRegion.locator('ol')).toBeFocused();
  const exercises = page.getByRole('region', { name: 'ACTIVE_SESSION' }).getByRole('checkbox');
  await expect(exercises.first()).toBeVisible();
  const total = await exercises.count();
  for (let i = 0; i < total; i++) {
    // Every exercise carries its set rows (reps, load, effort, log) before the next one's tick: more stops to pass.
    await tabTo(page, exercises.nth(i), 300);
    await page.keyboard.press('Space');
    await expect(exercises.nth(i)).toBeChecked();
  }
  // A session under way: generating again asks first; Escape keeps it.
  await openAndCloseDialog(page, page.getByRole('button', { name: 'EXECUTE_GENERATION' }), 'REPLACE_ACTIVE_SESSION', 4);
  await expect(exercises.first()).toBeChecked();
  // Half of the 45 minutes pass on the server's clock.
  await moveServerClock(page, { token: (await page.evaluate(() => localStorage.getItem('authToken')))! }, 23);
  await tabTo(page, page.getByRole('button', { name: 'COMPLETE_SESSION' }));
  await page.keyboard.press('Enter');
  await expect(toastRegion.getByText('Workout Completed! 🎉')).toBeVisible();
  await tabTo(page, page.getByRole('list', { name: 'Chat messages' }));

  await goTo(page, 'PROGRESS', 'ANALYTICS_MODULE');

  // Profile: a checkbox with Space, the units toggle with Enter, save with Enter.
  await goTo(page, 'PROFILE', 'USER_PROFILE');
  const bands = page.getByRole('group', { name: 'EQUIPMENT' }).getByRole('checkbox', { name: 'BANDS' });
  await tabTo(page, bands);
  await page.keyboard.press('Space');
  await expect(bands).toBeChecked();
  const imperial = page.getByRole('button', { name: 'IMPERIAL' });
  await tabTo(page, imperial);
  await page.keyboard.press('Enter');
  await expect(imperial).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: 'SAVE_PROFILE' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Profile Saved')).toBeVisible();

  await goTo(page, 'ABOUT', 'ABOUT_SWEAT_CREDITS');

  // Credits: the add-goal and pool dialogs.
  await goTo(page, 'CREDITS', 'CREDITS_AND_REWARDS');
  await openAndCloseDialog(page, page.getByRole('button', { name: '+ ADD_GOAL' }), 'ADD_GOAL', 12);
  await openAndCloseDialog(page, page.getByRole('button', { name: 'INFO' }), 'COMMUNITY_POOL_RULES', 3);

  // Dashboard: the BMI upload dialog, and the proof dialog opened and closed once.
  await goTo(page, 'DASHBOARD', 'SWEAT_CREDITS_SYS');
  await openAndCloseDialog(page, page.getByRole('button', { name: 'UPLOAD_BMI' }), 'BMI_REPORT_UPLOAD', 10);
  const validateNow = page.getByRole('button', { name: 'VALIDATE_NOW' });
  await openAndCloseDialog(page, validateNow, 'DAILY_PROOF_VALIDATION', 6);

  // The daily proof: each UPLOAD opens the file picker with Enter and keeps focus through its upload.
  await tabTo(page, validateNow);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  for (const [index, { kind, ...file }] of (await proofFiles(await dayCode(dialog))).entries()) {
    const slot = dialog.getByTestId(`${kind}-input`).locator('xpath=..');
    await tabTo(page, slot.getByRole('button', { name: /^UPLOAD / }));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(file);
    await expect(dialog.getByTestId('proof-progress')).toHaveText(`${index + 1}/3`, CHECKED);
    await expect(slot.getByRole('button', { name: /^UPLOADED / })).toBeFocused();
  }
  await tabTo(page, dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('PROOFS_VALIDATED')).toBeVisible();
  // The result replaces the form; focus is on its CLOSE, not lost.
  const close = dialog.getByRole('button', { name: 'CLOSE', exact: true });
  await expect(close).toBeFocused();
  await screenshot(page, 'keyboard-proof-result-desktop', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // VALIDATE_NOW went with the pending credits: focus is on the screen's content.
  await expect(validateNow).toHaveCount(0);
  await expect(page.locator('main')).toBeFocused();
});
