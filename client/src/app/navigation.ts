import type { ComponentType } from 'react';

import { ChartIcon, CoinIcon, DumbbellIcon, GridIcon, UserIcon } from '../ui/icons';

export interface NavSection {
  path: string;
  /** Top-bar label. */
  label: string;
  /** Bottom-bar label and icon on small screens; sections without one only appear on top. */
  short?: { label: string; Icon: ComponentType };
  /** docs/product.md: the root is active only on an exact match; the others when the path starts with theirs. */
  match: 'exact' | 'prefix';
  /** Other paths that show the same screen. */
  aliases?: string[];
}

export const NAV_SECTIONS: NavSection[] = [
  { path: '/', label: 'DASHBOARD', short: { label: 'SYS', Icon: GridIcon }, match: 'exact', aliases: ['/dashboard'] },
  { path: '/workouts', label: 'WORKOUTS', short: { label: 'TRAIN', Icon: DumbbellIcon }, match: 'prefix' },
  { path: '/programs', label: 'PROGRAMS', match: 'prefix' },
  { path: '/progress', label: 'PROGRESS', short: { label: 'DATA', Icon: ChartIcon }, match: 'prefix' },
  { path: '/credits', label: 'CREDITS', short: { label: 'CRED', Icon: CoinIcon }, match: 'prefix' },
  { path: '/profile', label: 'PROFILE', short: { label: 'USER', Icon: UserIcon }, match: 'prefix' },
  { path: '/about', label: 'ABOUT', match: 'prefix' },
];

export function isSectionActive(section: NavSection, pathname: string): boolean {
  return [section.path, ...(section.aliases ?? [])].some((path) =>
    section.match === 'exact' ? pathname === path : pathname.startsWith(path),
  );
}
