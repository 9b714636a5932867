import { describe, expect, it } from 'vitest';

import { dismissToast, showToast, toastReducer } from './toastSlice';

describe('toastSlice', () => {
  it('fills in the default variant and the 5000 ms duration', () => {
    const state = toastReducer(undefined, showToast({ title: 'Credits Added!' }));
    expect(state.current).toMatchObject({ title: 'Credits Added!', variant: 'default', duration: 5000 });
  });

  it('ignores a dismissal of a toast that was already replaced', () => {
    const first = toastReducer(undefined, showToast({ title: 'First' }));
    const second = toastReducer(first, showToast({ title: 'Second' }));
    expect(toastReducer(second, dismissToast(first.current!.id)).current?.title).toBe('Second');
    expect(toastReducer(second, dismissToast(second.current!.id)).current).toBeNull();
  });
});
