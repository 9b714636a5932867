import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, renderApp } from '../../test/fixtures';
import { fakeApi, messageInput, turn, WORKOUT } from '../../test/trainingServer';

describe('coach chat on the training page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('chats: Enter sends, Shift+Enter does not, blanks are not sent, and generation from chat unlocks after 2 messages', async () => {
    const { posted } = fakeApi(null, (path) =>
      path.endsWith('/chat')
        ? jsonResponse({ response: 'Train your upper body today.', workoutGenerated: false })
        : jsonResponse(WORKOUT, 201),
    );
    renderApp('/workouts');
    const input = await messageInput();
    await userEvent.type(input, '   {Enter}');
    await userEvent.type(input, 'What should I train{Shift>}{Enter}{/Shift}today?');
    expect(posted).toHaveLength(0);
    await userEvent.type(input, '{Enter}');
    expect(await screen.findByText('Train your upper body today.')).toBeTruthy();
    expect(posted[0].body).toMatchObject({ message: 'What should I train\ntoday?', chatHistory: [] });
    expect(screen.queryByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' })).toBeNull();

    await userEvent.type(input, 'A 30 minute yoga session please{Enter}');
    await waitFor(() => expect(screen.getAllByText('Train your upper body today.')).toHaveLength(2));
    expect(posted[1].body).toMatchObject({ chatHistory: [{ role: 'user' }, { role: 'assistant' }] });
    await userEvent.click(screen.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' }));
    expect(await screen.findByText('Custom workout created based on our conversation')).toBeTruthy();
    expect(posted[2]).toMatchObject({
      path: '/api/workout/generate-from-chat',
      body: { chatHistory: expect.arrayContaining([{ role: 'user', content: 'A 30 minute yoga session please' }]) },
    });
  });

  it('shows the thinking indicator and disables the input while the coach answers, and a chat error toast', async () => {
    let release: (r: Response) => void = () => undefined;
    fakeApi(null, () => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response);
    renderApp('/workouts');
    const input = await messageInput();
    await userEvent.type(input, 'hello{Enter}');
    expect(await screen.findByText('THINKING')).toBeTruthy();
    expect(input.disabled).toBe(true);
    release(jsonResponse({ statusCode: 503, message: 'down', error: 'AI Unavailable' }, 503));
    expect(await screen.findByText('Failed to get response. Please try again.')).toBeTruthy();
    expect(screen.getByText('Chat Error')).toBeTruthy();
    // Nothing was stored: the message leaves the list and is back in the input to send again.
    const list = screen.getByRole('list', { name: 'Chat messages' });
    expect(within(list).queryByText('hello')).toBeNull();
    expect(input.value).toBe('hello');
  });

  it('sends nothing until the stored conversation has loaded, so a message goes with the turns before it', async () => {
    const stored = [
      turn(0, 'user', 'I have 60 minutes for HIIT'),
      turn(1, 'assistant', 'Here is a 60-minute HIIT session.'),
    ];
    const { posted, holdHistory } = fakeApi(
      null,
      () => jsonResponse({ response: 'Intermediate it is.', workoutGenerated: false }),
      stored,
    );
    const release = holdHistory();
    renderApp('/workouts');
    const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    expect(screen.getByText('LOADING_CONVERSATION…')).toBeTruthy();
    expect(input.disabled).toBe(true);
    release();
    const list = screen.getByRole('list', { name: 'Chat messages' });
    expect(await within(list).findByText('I have 60 minutes for HIIT')).toBeTruthy();
    expect(input.disabled).toBe(false);
    await userEvent.type(input, 'Make it intermediate{Enter}');
    expect(await within(list).findByText('Intermediate it is.')).toBeTruthy();
    expect(posted[0].body).toMatchObject({
      message: 'Make it intermediate',
      chatHistory: [{ role: 'user', content: 'I have 60 minutes for HIIT' }, { role: 'assistant' }],
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'YOUI have 60 minutes for HIIT',
      'COACHHere is a 60-minute HIIT session.',
      'YOUMake it intermediate',
      'COACHIntermediate it is.',
    ]);
  });

  it('says when the stored conversation could not be loaded, keeps the input usable, and RETRY loads it', async () => {
    const stored = [turn(0, 'user', 'I have a bad knee'), turn(1, 'assistant', 'Avoid jumping.')];
    const { posted, failHistory } = fakeApi(
      null,
      () => jsonResponse({ response: 'Noted.', workoutGenerated: false }),
      stored,
    );
    failHistory(1);
    renderApp('/workouts');
    expect(await screen.findByText(/The conversation so far could not be loaded/)).toBeTruthy();
    const input = await messageInput();
    await userEvent.click(screen.getByRole('button', { name: 'RETRY' }));
    const list = screen.getByRole('list', { name: 'Chat messages' });
    expect(await within(list).findByText('Avoid jumping.')).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    await userEvent.type(input, 'Legs today?{Enter}');
    expect(await within(list).findByText('Noted.')).toBeTruthy();
    expect(posted[0].body).toMatchObject({
      chatHistory: [{ role: 'user', content: 'I have a bad knee' }, { role: 'assistant' }],
    });
  });

  it('shows the stored conversation again on a fresh page, and CLEAR_CHAT forgets it', async () => {
    const stored = [
      turn(0, 'user', 'I have a bad knee'),
      turn(1, 'assistant', 'Avoid jumping; try glute bridges.'),
      turn(2, 'user', '20 minutes and dumbbells'),
    ];
    const { deleted, posted } = fakeApi(null, () => jsonResponse(WORKOUT, 201), stored);
    renderApp('/workouts');
    const list = await screen.findByRole('list', { name: 'Chat messages' });
    expect(await within(list).findByText('Avoid jumping; try glute bridges.')).toBeTruthy();
    expect(within(list).getByText('I have a bad knee')).toBeTruthy();
    expect(within(list).getByText('20 minutes and dumbbells')).toBeTruthy();

    // More than 2 stored messages: generating from the conversation works right away, with its history.
    await userEvent.click(screen.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' }));
    expect(await screen.findByText('Custom workout created based on our conversation')).toBeTruthy();
    expect(posted[0].body).toMatchObject({
      chatHistory: [
        { role: 'user', content: 'I have a bad knee' },
        { role: 'assistant' },
        { role: 'user', content: '20 minutes and dumbbells' },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'CLEAR_CHAT' }));
    await waitFor(() => expect(within(list).queryByText('I have a bad knee')).toBeNull());
    expect(deleted).toEqual([`/api/workout/chat/history/${makeUser().id}`]);
    expect(screen.queryByRole('button', { name: 'CLEAR_CHAT' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' })).toBeNull();
  });

  it('refreshes the session card when the coach changes today’s session', async () => {
    // The server's today: the chat's answer rebuilds it in place (same id), as "make today easier" does.
    const today = { ...WORKOUT, exercises: WORKOUT.exercises.map((e) => ({ ...e })) };
    const easier = {
      name: 'Gentle Strength · 45 min',
      difficulty: 'beginner' as const,
      creditsReward: 14,
      exercises: [{ ...WORKOUT.exercises[0], id: 'ex1', name: 'Easy Move' }],
    };
    const { posted } = fakeApi(today, (path) => {
      if (!path.endsWith('/chat')) return jsonResponse({});
      Object.assign(today, easier);
      return jsonResponse({
        response: 'Done: today’s session is now Gentle Strength · 45 min.',
        workoutGenerated: true,
      });
    });
    renderApp('/workouts');
    expect(await screen.findByRole('checkbox', { name: 'Move 1' })).toBeTruthy();
    await userEvent.type(await messageInput(), 'I slept badly, make today easier{Enter}');
    expect(await screen.findByText('Done: today’s session is now Gentle Strength · 45 min.')).toBeTruthy();
    // The card shows the rebuilt session without a reload: its exercise list is the new one.
    expect(await screen.findByRole('checkbox', { name: 'Easy Move' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Move 1' })).toBeNull();
    expect(screen.getAllByText(/Gentle Strength · 45 min/).length).toBeGreaterThan(1);
    expect(posted.map((p) => p.path)).toEqual(['/api/workout/chat']);
  });
});
