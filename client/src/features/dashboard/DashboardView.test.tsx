import type { UserView } from '@contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { makeUser } from '../../test/fixtures';
import { type DashboardActions, DashboardView } from './DashboardView';

function renderDashboard(user: UserView | undefined, actions: DashboardActions = {}, validatedToday?: boolean) {
  return render(
    <MemoryRouter>
      <DashboardView user={user} aiEngine="SWEAT_LOCAL_COACH_V1" validatedToday={validatedToday} {...actions} />
    </MemoryRouter>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('DashboardView', () => {
  it('shows the _SYS title and the username in upper case', () => {
    renderDashboard(makeUser({ username: 'kai_lift' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/_SYS$/);
    expect(screen.getByText(/KAI_LIFT/)).toBeTruthy();
    expect(screen.queryByText(/USER_NOT_FOUND/)).toBeNull();
  });

  it('shows USER_NOT_FOUND without a user', () => {
    renderDashboard(undefined);
    expect(screen.getByText(/USER_NOT_FOUND/)).toBeTruthy();
  });

  it('fills the four tiles from the user', () => {
    renderDashboard(makeUser({ sweatCredits: 340, dailyStreak: 6, profileRank: 'ATHLETE', fitnessLevel: 'advanced' }));
    expect(screen.getByTestId('FITNESS_CREDITS').textContent).toBe('340');
    expect(screen.getByTestId('DAILY_STREAK').textContent).toBe('6');
    expect(screen.getByTestId('PROFILE_RANK').textContent).toBe('ATHLETE');
    expect(screen.getByTestId('FITNESS_LEVEL').textContent).toBe('ADVANCED');
  });

  it('says 1 DAY of streak, not 1 DAYS', () => {
    renderDashboard(makeUser({ dailyStreak: 1 }));
    expect(screen.getByTestId('DAILY_STREAK').nextElementSibling?.textContent).toBe('DAY');
  });

  it('shows the BMI of the height and weight it shows, to one decimal, or a dash without both', () => {
    const panel = () => within(screen.getByRole('region', { name: 'BIOMETRIC_DATA' }));
    // A report printed 23.4, but 80.5 kg at 180 cm is 24.8: the panel agrees with itself.
    const { unmount } = renderDashboard(makeUser({ height: 180, weight: 80.5, latestBmi: 23.4 }));
    expect(panel().getByText('180 CM')).toBeTruthy();
    expect(panel().getByText('80.5 KG')).toBeTruthy();
    expect(panel().getByText('24.8')).toBeTruthy();
    unmount();
    const second = renderDashboard(makeUser({ height: 180, weight: 82, latestBmi: null }));
    expect(panel().getByText('25.3')).toBeTruthy();
    second.unmount();
    renderDashboard(makeUser({ latestBmi: 23.9, height: null }));
    expect(panel().getAllByText('—')).toHaveLength(2);
    expect(screen.queryByTestId('dashboard-bmi-source')).toBeNull();
  });

  it("without a height to compute one from, shows the latest record's BMI as the report's own, with its date", () => {
    const panel = () => within(screen.getByRole('region', { name: 'BIOMETRIC_DATA' }));
    const report = {
      id: 'r1',
      bmi: 22.7,
      category: 'Normal' as const,
      height: null,
      weight: 71.8,
      createdAt: '2026-11-25T10:00:00.000Z',
      source: 'report' as const,
    };
    const { unmount } = render(
      <MemoryRouter>
        <DashboardView
          user={makeUser({ height: null, weight: 71.8, latestBmi: 22.7 })}
          aiEngine="SWEAT_LOCAL_COACH_V1"
          latestBmiRecord={report}
        />
      </MemoryRouter>,
    );
    expect(panel().getByText('22.7')).toBeTruthy();
    expect(screen.getByTestId('dashboard-bmi-source').textContent).toBe("The report's own BMI, Nov 25, 2026");
    unmount();
    // With both figures the computed value wins and no record is named.
    render(
      <MemoryRouter>
        <DashboardView
          user={makeUser({ height: 180, weight: 80.5, latestBmi: 22.7 })}
          aiEngine="SWEAT_LOCAL_COACH_V1"
          latestBmiRecord={report}
        />
      </MemoryRouter>,
    );
    expect(panel().getByText('24.8')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-bmi-source')).toBeNull();
  });

  it('shows height and weight in feet, inches and pounds to an imperial user', () => {
    renderDashboard(makeUser({ height: 180, weight: 77.5, units: 'imperial' }));
    const panel = within(screen.getByRole('region', { name: 'BIOMETRIC_DATA' }));
    expect(panel.getByText('5 FT 11 IN')).toBeTruthy();
    expect(panel.getByText('170.9 LB')).toBeTruthy();
  });

  it('shows no banner and a disabled VALIDATE_PROOF at 0 pending credits', () => {
    renderDashboard(makeUser({ pendingCredits: 0 }));
    expect(screen.queryByRole('button', { name: 'VALIDATE_NOW' })).toBeNull();
    expect(button('VALIDATE_PROOF').disabled).toBe(true);
    const reasonId = button('VALIDATE_PROOF').getAttribute('aria-describedby')!;
    expect(document.getElementById(reasonId)!.textContent).toBe(
      'No pending credits to validate: complete a workout first',
    );
  });

  it('shows the banner with VALIDATE_NOW when credits are pending', async () => {
    const onValidate = vi.fn();
    renderDashboard(makeUser({ pendingCredits: 25 }), { onValidate });
    expect(screen.getByRole('region', { name: 'Pending credits' }).textContent).toContain('25');
    expect(button('VALIDATE_PROOF').disabled).toBe(false);
    await userEvent.click(button('VALIDATE_NOW'));
    await userEvent.click(button('VALIDATE_PROOF'));
    expect(onValidate).toHaveBeenCalledTimes(2);
  });

  it('says the pending credits wait for tomorrow once today is validated, and offers no VALIDATE_NOW', () => {
    renderDashboard(makeUser({ pendingCredits: 12 }), {}, true);
    const banner = screen.getByRole('region', { name: 'Pending credits' });
    expect(banner.textContent).toContain(
      "Today's proofs are validated. Validate tomorrow's proofs to move these into your balance.",
    );
    expect(within(banner).queryByRole('button', { name: 'VALIDATE_NOW' })).toBeNull();
    expect(within(banner).getByTestId('validate-tomorrow').textContent).toBe('VALIDATE_TOMORROW');
  });

  it('links to the three modules', () => {
    renderDashboard(makeUser());
    const hrefs = within(screen.getByRole('navigation', { name: 'Modules' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/workouts', '/progress', '/credits']);
  });
});
