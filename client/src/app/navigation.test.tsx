import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { BottomNav } from './BottomNav';
import { isSectionActive, NAV_SECTIONS } from './navigation';

const section = (label: string) => NAV_SECTIONS.find((s) => s.label === label)!;

describe('isSectionActive', () => {
  it('marks the dashboard active only on an exact root (or /dashboard)', () => {
    expect(isSectionActive(section('DASHBOARD'), '/')).toBe(true);
    expect(isSectionActive(section('DASHBOARD'), '/dashboard')).toBe(true);
    expect(isSectionActive(section('DASHBOARD'), '/workouts')).toBe(false);
    expect(isSectionActive(section('DASHBOARD'), '/dashboard/x')).toBe(false);
  });

  it('marks the other sections active on a prefix of the path', () => {
    expect(isSectionActive(section('WORKOUTS'), '/workouts')).toBe(true);
    expect(isSectionActive(section('WORKOUTS'), '/workouts/42')).toBe(true);
    expect(isSectionActive(section('CREDITS'), '/credits/ledger')).toBe(true);
    expect(isSectionActive(section('PROGRESS'), '/credits')).toBe(false);
    expect(isSectionActive(section('PROFILE'), '/profile')).toBe(true);
    expect(isSectionActive(section('PROFILE'), '/progress')).toBe(false);
  });
});

function activeBottomEntries(path: string): string[] {
  render(
    <MemoryRouter initialEntries={[path]}>
      <BottomNav />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Sections' });
  return Array.from(nav.querySelectorAll('[aria-current="page"]')).map((link) => link.textContent ?? '');
}

describe('BottomNav', () => {
  it('has the entries SYS, TRAIN, DATA, CRED and USER (the profile) with their routes', () => {
    activeBottomEntries('/');
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['SYS', '/'],
      ['TRAIN', '/workouts'],
      ['DATA', '/progress'],
      ['CRED', '/credits'],
      ['USER', '/profile'],
    ]);
  });

  it.each([
    ['/', ['SYS']],
    ['/dashboard', ['SYS']],
    ['/workouts', ['TRAIN']],
    ['/progress/bmi', ['DATA']],
    ['/credits', ['CRED']],
    ['/profile', ['USER']],
    ['/about', []],
  ])('on %s the active entries are %j', (path, expected) => {
    expect(activeBottomEntries(path)).toEqual(expected);
  });
});
