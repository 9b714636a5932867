import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sendFile, type SendFileOptions, UploadError } from '../../shared/uploads/sendFile';
import { jsonResponse, makeActivity, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';
import ProofValidationDialog from './ProofValidationDialog';

// The sending itself (XHR parts, retries: sendFile.test.ts) is replaced: these tests are about the dialog's flow.
vi.mock('../../shared/uploads/sendFile', async (actual) => ({
  ...(await actual<typeof import('../../shared/uploads/sendFile')>()),
  sendFile: vi.fn(async (_target: unknown, _file: Blob, options: SendFileOptions) => options.onProgress(100)),
}));

const CONFIG = {
  publicUrl: 'http://localhost',
  solanaCluster: 'devnet',
  solanaRpcUrl: 'x',
  treasuryAddress: 'x',
  aiEngine: 'LOCAL',
  twitterLogin: false,
};
const RESULT = { coinsValidated: 30, newBalance: 150, newStreak: 4 };

const passed = (name: string, reason: string) => ({ name, passed: true, reason });
const failed = (name: string, reason: string) => ({ name, passed: false, reason });
const SELFIE_ACCEPTED = {
  accepted: true,
  checks: [
    passed('file', 'Image 720×1280'),
    passed('person', 'A person is in the selfie'),
    passed('code', 'Code K7QX3M is readable'),
  ],
};
const SELFIE_REFUSED = {
  accepted: false,
  checks: [
    passed('file', 'Image 720×1280'),
    failed('person', 'No person found in the selfie'),
    failed('code', 'Code K7QX3M not found: show it on paper or a screen'),
  ],
};
const ACCEPTED = {
  accepted: true,
  activity: makeActivity(),
  checks: [
    passed('started_today', 'Started today at 08:30'),
    passed('long_enough', 'Lasted 35 minutes'),
    passed('heart_rate_varies', 'Heart rate varies by 60 bpm'),
  ],
};

function serve(
  user = makeUser({ pendingCredits: 30, currentStreak: 3 }),
  validate: () => Response | Promise<Response> = () => jsonResponse(RESULT),
  check: (body: { kind: string }) => Response | Promise<Response> = (body) =>
    jsonResponse(body.kind === 'apple_watch' ? ACCEPTED : SELFIE_ACCEPTED),
) {
  const validations: unknown[] = [];
  const uploadUrls: string[] = [];
  const uploadRequests: unknown[] = [];
  const checks: unknown[] = [];
  mockFetch(async (url, request) => {
    const path = new URL(url).pathname;
    if (path === '/api/user') return jsonResponse(user);
    if (path === '/api/proof/challenge')
      return jsonResponse({ day: '2026-11-23', code: 'K7QX3M', validatedToday: false });
    if (path === '/api/proof/upload-url') {
      const body = (await request.json()) as { kind: string };
      uploadUrls.push(body.kind);
      uploadRequests.push(body);
      return jsonResponse({ uploadURL: `http://localhost/api/uploads/${body.kind}` });
    }
    if (path === '/api/proof/check') {
      const body = (await request.json()) as { kind: string };
      checks.push(body);
      return check(body);
    }
    if (path === '/api/proof/validate-all') {
      validations.push(await request.json());
      return validate();
    }
    return jsonResponse(CONFIG);
  });
  const store = signedInStore(user);
  renderApp('/dashboard', store);
  return { store, validations, uploadUrls, uploadRequests, checks };
}

/** Lazy chunks (the dashboard route, the dialog) load slowly when the whole suite runs in parallel. */
const LAZY = { timeout: 5000 };

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'VALIDATE_NOW' }, LAZY));
  return within(await screen.findByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' }, LAZY));
}

/** Each check a slot lists under `name` ("Gym Selfie accepted"), as read: mark, reason, and the outcome said aloud. */
async function listedChecks(dialog: ReturnType<typeof within>, name: string) {
  return within(await dialog.findByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

async function uploadAll() {
  await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me.png', 'image/png'));
  await userEvent.upload(screen.getByTestId('workout_video-input'), file('set.mp4', 'video/mp4'));
  await userEvent.upload(screen.getByTestId('apple_watch-input'), file('watch.png', 'image/png'));
  await waitFor(() => expect(screen.getByTestId('proof-progress').textContent).toBe('3/3'));
}

describe('DAILY_PROOF_VALIDATION dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens from the banner with progress, pending coins, streak, the rules and the code', async () => {
    serve();
    const dialog = await openDialog();
    expect(dialog.getByTestId('proof-progress').textContent).toBe('0/3');
    expect(dialog.getByTestId('proof-pending').textContent).toBe('30');
    expect(dialog.getByText('3 DAYS')).toBeTruthy();
    for (const rule of [
      'Upload all 3 proof types in any order',
      'Validation happens together after all uploads',
      'Validation is possible only once per day',
      'Missing a day resets the streak to 0',
    ]) {
      expect(dialog.getByText(rule)).toBeTruthy();
    }
    // The code arrives with its own request; until then the dialog shows a placeholder.
    await waitFor(() => expect(dialog.getByTestId('proof-challenge').textContent).toBe('K7QX3M'));
    expect(dialog.queryByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toBeNull();
    // On a phone the selfie opens the front camera and the video the back one; the watch screenshot the gallery.
    expect(dialog.getByTestId('gym_selfie-input').getAttribute('capture')).toBe('user');
    expect(dialog.getByTestId('workout_video-input').getAttribute('capture')).toBe('environment');
    expect(dialog.getByTestId('apple_watch-input').hasAttribute('capture')).toBe(false);
  });

  it('uploads three proofs, validates them with the time zone, and shows the result', async () => {
    const { store, validations } = serve();
    const dialog = await openDialog();
    await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me.png', 'image/png'));
    expect(await dialog.findByRole('button', { name: 'UPLOADED GYM_SELFIE' })).toBeTruthy();
    expect(store.getState().toast.current).toMatchObject({
      title: 'Gym Selfie Uploaded',
      description: '1 of 3 proofs uploaded',
    });
    expect(dialog.queryByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toBeNull();
    await userEvent.upload(screen.getByTestId('workout_video-input'), file('set.mp4', 'video/mp4'));
    await userEvent.upload(screen.getByTestId('apple_watch-input'), file('watch.png', 'image/png'));
    await waitFor(() => expect(dialog.getByTestId('proof-progress').textContent).toBe('3/3'));
    expect(store.getState().toast.current).toMatchObject({
      title: 'Activity Watch Uploaded',
      description: '3 of 3 proofs uploaded',
    });

    await userEvent.click(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }));
    expect(await dialog.findByText('+30')).toBeTruthy();
    expect(dialog.getByText('150')).toBeTruthy();
    expect(dialog.getByText('4 DAYS')).toBeTruthy();
    expect(validations).toEqual([
      {
        proofs: {
          gym_selfie: 'http://localhost/api/uploads/gym_selfie',
          workout_video: 'http://localhost/api/uploads/workout_video',
          apple_watch: 'http://localhost/api/uploads/apple_watch',
        },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Validation Successful',
      description: '30 coins have been validated!',
    });

    await userEvent.click(dialog.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal as 'Validation Failed' and stays on the form", async () => {
    const { store } = serve(undefined, () =>
      jsonResponse({ statusCode: 409, message: 'Proofs already validated today', error: 'Already Validated' }, 409),
    );
    const dialog = await openDialog();
    await uploadAll();
    await userEvent.click(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Validation Failed',
        description: 'Proofs already validated today',
        variant: 'destructive',
      }),
    );
    expect(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toBeTruthy();
  });

  it.each([
    ['an answer without a message', () => new Response('', { status: 502 }), 'Validation failed'],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to validate your proofs'],
  ])('words a failure with %s as the product’s fallback', async (_case, validate, description) => {
    const { store } = serve(undefined, validate);
    const dialog = await openDialog();
    await uploadAll();
    await userEvent.click(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Validation Failed',
        description,
        variant: 'destructive',
      }),
    );
  });

  it('refuses a file over the slot limit before asking for an upload URL', async () => {
    const { store } = serve();
    await openDialog();
    const fetchCalls = () => (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls.length;
    const before = fetchCalls();
    const video = new File([new Uint8Array(1)], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 52428800 + 1 });
    await userEvent.upload(screen.getByTestId('workout_video-input'), video);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Upload Failed',
      description: 'The file is larger than 50 MB',
    });
    expect(fetchCalls()).toBe(before);
    expect(screen.getByTestId('proof-progress').textContent).toBe('0/3');
  });

  describe('a dropped connection', () => {
    const video = () => file('set.mp4', 'video/mp4');
    const lost = () => new UploadError('The connection was lost before the upload finished', undefined, true);

    it('says it is retrying, then shows why it failed with RETRY, which continues the same upload from where it stopped', async () => {
      const { store, uploadUrls } = serve();
      const dialog = await openDialog();
      let giveUp = () => undefined as void;
      vi.mocked(sendFile).mockImplementationOnce(async (_target, _file, options) => {
        options.onProgress(40);
        options.onRetry?.(2, 5);
        await new Promise<void>((resolve) => (giveUp = resolve));
        throw lost();
      });
      await userEvent.upload(screen.getByTestId('workout_video-input'), video());
      expect(await dialog.findByText('Connection lost — retrying (2/5)…')).toBeTruthy();
      expect(dialog.getByRole('progressbar', { name: 'WORKOUT_VIDEO upload' }).getAttribute('aria-valuenow')).toBe(
        '40',
      );
      expect(dialog.getByRole('button', { name: 'UPLOAD WORKOUT_VIDEO' }).textContent).toBe('40%');

      giveUp();
      expect(await dialog.findByText('The connection was lost before the upload finished')).toBeTruthy();
      expect(dialog.queryByText(/retrying/)).toBeNull();
      expect(dialog.queryByRole('progressbar')).toBeNull();
      expect(store.getState().toast.current).toMatchObject({
        title: 'Upload Failed',
        description: 'The connection was lost before the upload finished',
        variant: 'destructive',
      });

      await userEvent.click(dialog.getByRole('button', { name: 'RETRY WORKOUT_VIDEO' }));
      expect(await dialog.findByRole('button', { name: 'UPLOADED WORKOUT_VIDEO' })).toBe(document.activeElement);
      expect(vi.mocked(sendFile).mock.lastCall?.slice(0, 2)).toEqual([
        { uploadURL: 'http://localhost/api/uploads/workout_video' },
        video(),
      ]);
      expect(vi.mocked(sendFile).mock.lastCall?.[2]).toMatchObject({ resume: true });
      // The same upload went on: no second URL was asked for.
      expect(uploadUrls).toEqual(['workout_video']);
      expect(dialog.queryByRole('button', { name: /^RETRY/ })).toBeNull();
      expect(store.getState().toast.current).toMatchObject({
        title: 'Workout Video Uploaded',
        description: '1 of 3 proofs uploaded',
      });
    });

    it('offers no RETRY when the server refused the file itself, and a new upload after a refused URL', async () => {
      const { uploadUrls } = serve();
      const dialog = await openDialog();
      vi.mocked(sendFile).mockRejectedValueOnce(new UploadError('Only MP4, MOV or WEBM files are accepted', 415));
      await userEvent.upload(screen.getByTestId('workout_video-input'), video());
      expect(await dialog.findByText('Only MP4, MOV or WEBM files are accepted')).toBeTruthy();
      expect(dialog.queryByRole('button', { name: 'RETRY WORKOUT_VIDEO' })).toBeNull();

      vi.mocked(sendFile).mockRejectedValueOnce(new UploadError('This upload URL has expired', 403));
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me.png', 'image/png'));
      await userEvent.click(await dialog.findByRole('button', { name: 'RETRY GYM_SELFIE' }));
      expect(await dialog.findByRole('button', { name: 'UPLOADED GYM_SELFIE' })).toBeTruthy();
      expect(vi.mocked(sendFile).mock.lastCall?.[2]).toMatchObject({ resume: false });
      expect(uploadUrls).toEqual(['workout_video', 'gym_selfie', 'gym_selfie']);
    });
  });

  it('disables UPLOAD without pending credits, like VALIDATE_PROOF (and no banner)', async () => {
    const { store } = serve(makeUser({ pendingCredits: 0 }));
    expect(((await screen.findByRole('button', { name: 'VALIDATE_PROOF' }, LAZY)) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'VALIDATE_NOW' })).toBeNull();
    render(
      <Provider store={store}>
        <ProofValidationDialog onClose={() => undefined} />
      </Provider>,
    );
    const uploads = await screen.findAllByRole('button', { name: /^UPLOAD / });
    expect(uploads.map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true, true]);
    // Each disabled UPLOAD is described by the note saying why.
    const reasons = uploads.map((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(reasons).toEqual(Array(3).fill('No pending credits yet: complete a workout first.'));
  });

  describe("each slot's file checked as soon as it is uploaded", () => {
    it('says it is checking, then lists each check with its mark in a live region, and counts the file', async () => {
      let answer = (_: Response) => undefined as void;
      const { checks } = serve(undefined, undefined, () => new Promise<Response>((resolve) => (answer = resolve)));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me.png', 'image/png'));
      const checking = await dialog.findByText('CHECKING...');
      expect(checking.closest('[aria-live="polite"]')).toBeTruthy();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('0/3');
      expect(checks).toEqual([
        {
          kind: 'gym_selfie',
          fileUrl: 'http://localhost/api/uploads/gym_selfie',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      ]);

      answer(jsonResponse(SELFIE_ACCEPTED));
      expect(await listedChecks(dialog, 'Gym Selfie accepted')).toEqual([
        '✓ Image 720×1280 (passed)',
        '✓ A person is in the selfie (passed)',
        '✓ Code K7QX3M is readable (passed)',
      ]);
      expect(dialog.getByRole('list', { name: 'Gym Selfie accepted' }).closest('[aria-live="polite"]')).toBeTruthy();
      expect(dialog.queryByText('CHECKING...')).toBeNull();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('1/3');
    });

    it('shows why a refused selfie failed and what to do, does not count it, and checks the file that replaces it', async () => {
      const answers = [SELFIE_REFUSED, SELFIE_ACCEPTED];
      const { store, checks } = serve(undefined, undefined, () => jsonResponse(answers.shift()));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me.png', 'image/png'));
      expect(await listedChecks(dialog, 'Gym Selfie refused')).toEqual([
        '✓ Image 720×1280 (passed)',
        '✗ No person found in the selfie (failed)',
        '✗ Code K7QX3M not found: show it on paper or a screen (failed)',
      ]);
      expect(dialog.getByText('Pick another file to replace it.')).toBeTruthy();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('0/3');
      expect(store.getState().toast.current).toMatchObject({
        title: 'Gym Selfie Refused',
        description: 'No person found in the selfie',
        variant: 'destructive',
      });

      // The slot offers UPLOAD again, by keyboard too: another file is checked in its place.
      const uploadButton = dialog.getByRole('button', { name: 'UPLOAD GYM_SELFIE' });
      uploadButton.focus();
      await userEvent.keyboard('{Enter}');
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('me-again.png', 'image/png'));
      expect(await dialog.findByRole('list', { name: 'Gym Selfie accepted' })).toBeTruthy();
      expect(dialog.queryByText('Pick another file to replace it.')).toBeNull();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('1/3');
      expect(checks).toHaveLength(2);
      expect(store.getState().toast.current).toMatchObject({
        title: 'Gym Selfie Uploaded',
        description: '1 of 3 proofs uploaded',
      });
    });

    it('keeps the check of the file that replaced a file still being checked', async () => {
      const pending: Array<(answer: Response) => void> = [];
      serve(undefined, undefined, () => new Promise<Response>((resolve) => pending.push(resolve)));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('first.png', 'image/png'));
      await waitFor(() => expect(pending).toHaveLength(1));
      await userEvent.upload(screen.getByTestId('gym_selfie-input'), file('second.png', 'image/png'));
      await waitFor(() => expect(pending).toHaveLength(2));
      pending[1](jsonResponse(SELFIE_ACCEPTED));
      expect(await dialog.findByRole('list', { name: 'Gym Selfie accepted' })).toBeTruthy();
      // The first file's refusal arrives late: it is about a file no longer in the slot.
      pending[0](jsonResponse(SELFIE_REFUSED));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(dialog.queryByRole('list', { name: 'Gym Selfie refused' })).toBeNull();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('1/3');
    });
  });

  describe('an activity file in the activity slot', () => {
    const fit = () => new File([new Uint8Array([14, 16])], 'Morning_Run.fit', { type: '' });

    it('offers activity files in the picker, sends the name, reads the file and shows what it holds', async () => {
      const { store, uploadRequests, checks } = serve();
      const dialog = await openDialog();
      expect(dialog.getByTestId('apple_watch-input').getAttribute('accept')).toContain('.fit,.tcx,.gpx,.zip');
      await userEvent.upload(screen.getByTestId('apple_watch-input'), fit());
      expect(uploadRequests).toEqual([{ kind: 'apple_watch', size: 2, fileName: 'Morning_Run.fit', contentType: '' }]);
      expect(checks).toEqual([
        {
          kind: 'apple_watch',
          fileUrl: 'http://localhost/api/uploads/apple_watch',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      ]);
      expect(await dialog.findByText('RUNNING · 35 MIN · 6.01 KM · HR 142/171 · 5,880 STEPS · 385 KCAL')).toBeTruthy();
      expect(await listedChecks(dialog, 'Activity Watch accepted')).toEqual([
        '✓ Started today at 08:30 (passed)',
        '✓ Lasted 35 minutes (passed)',
        '✓ Heart rate varies by 60 bpm (passed)',
      ]);
      expect(dialog.getByTestId('proof-progress').textContent).toBe('1/3');
      expect(store.getState().toast.current).toMatchObject({
        title: 'Activity Watch Uploaded',
        description: '1 of 3 proofs uploaded',
      });
    });

    it("shows a refusal's reasons before validation, and does not count the file", async () => {
      const refused = {
        ...ACCEPTED,
        accepted: false,
        checks: [
          { name: 'started_today', passed: false, reason: 'Activity started on 2026-11-22, not today (2026-11-23)' },
        ],
      };
      const { store } = serve(undefined, undefined, () => jsonResponse(refused));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('apple_watch-input'), fit());
      expect(
        await dialog.findByText('Activity started on 2026-11-22, not today (2026-11-23)', { exact: false }),
      ).toBeTruthy();
      expect(dialog.getByRole('list', { name: 'Activity Watch refused' })).toBeTruthy();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('0/3');
      expect(store.getState().toast.current).toMatchObject({
        title: 'Activity Watch Refused',
        description: 'Activity started on 2026-11-22, not today (2026-11-23)',
        variant: 'destructive',
      });
    });

    it('says why a file cannot be read, and does not count it', async () => {
      const unreadable = {
        statusCode: 422,
        code: 'ACTIVITY_UNREADABLE',
        message: 'This FIT file is damaged or incomplete',
        error: 'Activity File Unreadable',
      };
      serve(undefined, undefined, () => jsonResponse(unreadable, 422));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('apple_watch-input'), fit());
      expect(await dialog.findByText('This FIT file is damaged or incomplete')).toBeTruthy();
      expect(dialog.getByText('Pick another file to replace it.')).toBeTruthy();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('0/3');
    });

    it('counts a file the checker could not reach: validation checks it again', async () => {
      serve(undefined, undefined, () => new Response('', { status: 504 }));
      const dialog = await openDialog();
      await userEvent.upload(screen.getByTestId('apple_watch-input'), fit());
      expect(await dialog.findByText('Not checked yet: the file is checked when you validate')).toBeTruthy();
      expect(dialog.getByTestId('proof-progress').textContent).toBe('1/3');
    });

    it('refuses a file whose declared type disagrees with its name, or over its format’s size, before any request', async () => {
      const { store, uploadRequests } = serve();
      await openDialog();
      await userEvent.upload(
        screen.getByTestId('apple_watch-input'),
        new File([new Uint8Array(1)], 'run.fit', { type: 'image/png' }),
        { applyAccept: false },
      );
      expect(store.getState().toast.current).toMatchObject({
        title: 'Upload Failed',
        description: 'run.fit is named as a FIT file but was sent as image/png',
      });
      const big = new File([new Uint8Array(1)], 'export.zip', { type: 'application/zip' });
      Object.defineProperty(big, 'size', { value: 512 * 1024 * 1024 + 1 });
      await userEvent.upload(screen.getByTestId('apple_watch-input'), big);
      expect(store.getState().toast.current).toMatchObject({
        title: 'Upload Failed',
        description: 'The file is larger than 512 MB',
      });
      expect(uploadRequests).toEqual([]);
    });
  });
});
