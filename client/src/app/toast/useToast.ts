import { useMemo } from 'react';

import { useAppDispatch } from '../hooks';
import { showToast, type ToastInput } from './toastSlice';

/** `const { toast } = useToast(); toast({ title, description, variant })` */
export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(() => ({ toast: (input: ToastInput) => dispatch(showToast(input)) }), [dispatch]);
}
