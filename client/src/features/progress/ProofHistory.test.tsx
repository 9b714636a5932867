import type { ProofDayView } from '@contract';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, signedInStore } from '../../test/fixtures';
import { ProofHistory, proofSummary } from './ProofHistory';

const check = (passed: boolean) => ({
  name: 'person' as const,
  passed,
  reason: passed ? 'A person is in the selfie' : 'No person found in the selfie',
});
const file = (kind: 'gym_selfie' | 'workout_video' | 'apple_watch', passed = true) => ({
  kind,
  uploadId: `${kind}-1`,
  mime: 'image/png',
  size: 1000,
  checks: [check(passed)],
  fileAvailable: true,
});
const day = (date: string, coins: number, streak: number): ProofDayView => ({
  day: date,
  coinsValidated: coins,
  streakAfter: streak,
  proofs: [file('gym_selfie'), file('workout_video'), file('apple_watch')],
  validatedAt: `${date}T18:00:00.000Z`,
});

afterEach(() => vi.unstubAllGlobals());

function renderHistory(days: ProofDayView[]) {
  const requested: string[] = [];
  mockFetch((url) => {
    requested.push(url);
    return url.includes('/proof/history/') ? jsonResponse(days) : jsonResponse({}, 404);
  });
  render(
    <Provider store={signedInStore()}>
      <ProofHistory userId="65f0c0ffee0000000000beef" />
    </Provider>,
  );
  return requested;
}

describe('ProofHistory', () => {
  it('lists validated days newest first with coins and the streak after each', async () => {
    const requested = renderHistory([day('2026-11-23', 21, 2), day('2026-11-22', 10, 1)]);
    const list = await screen.findByRole('list', { name: 'Validated proof days' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Nov 23, 2026');
    expect(rows[0].textContent).toContain('+21 FC');
    expect(rows[0].textContent).toContain('STREAK 2');
    expect(requested).toEqual([expect.stringContaining('/proof/history/65f0c0ffee0000000000beef')]);
  });

  it('says NO_VALIDATED_DAYS before the first validation', async () => {
    renderHistory([]);
    expect(await screen.findByText('NO_VALIDATED_DAYS')).toBeTruthy();
  });

  it('marks a proof whose checks did not all pass', () => {
    const mixed = { ...day('2026-11-23', 5, 1), proofs: [file('gym_selfie'), file('apple_watch', false)] };
    expect(proofSummary(mixed)).toBe('SELFIE ✓ · WATCH ✗');
  });
});
