import type { UnitSystem } from '@contract';

import { useGetUserQuery } from '../auth/authApi';

/** The signed-in user's unit system (metric until the user is read). */
export function useUnits(): UnitSystem {
  const { data: user } = useGetUserQuery();
  return user?.units ?? 'metric';
}
