import type { ChatMessageView, ChatTurn, UserProfileInput, UserView } from '@contract';
import { CHAT_HISTORY_KEPT, CHAT_MESSAGE_MAX } from '@contract/values';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { newJobKey, useJobProgress } from '../../api/jobs';
import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { CHAT_MESSAGES_BEFORE_GENERATE } from './workouts.logic';
import {
  useClearChatHistoryMutation,
  useCoachChatMutation,
  useGenerateFromChatMutation,
  useGetChatHistoryQuery,
} from './workoutsApi';

const NO_MESSAGES: ChatMessageView[] = [];

function profileOf(user: UserView): UserProfileInput {
  return {
    height: user.height,
    weight: user.weight,
    age: user.age,
    fitnessLevel: user.fitnessLevel,
    bmi: user.latestBmi,
  };
}

interface CoachChatProps {
  user: UserView;
  /** Runs a generation, after asking when it would replace a session under way. */
  confirmReplace: (generation: () => void) => void;
}

export function CoachChat({ user, confirmReplace }: CoachChatProps) {
  const { toast } = useToast();
  // The conversation is kept on the server, so it shows again after navigation or a reload.
  // Until it has loaded nothing is sent: a message would go without the turns before it, and the
  // reply would not know what was already said (the list would also lose the optimistic turn).
  // If it cannot load, messages go without it and the server answers from the turns it stored.
  const {
    data: messages = NO_MESSAGES,
    isLoading: loadingConversation,
    isError: conversationFailed,
    refetch,
  } = useGetChatHistoryQuery(user.id);
  const [draft, setDraft] = useState('');
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [sendChat, chat] = useCoachChatMutation();
  const [generateFromChat, fromChat] = useGenerateFromChatMutation();
  const [clearChat, clearing] = useClearChatHistoryMutation();
  const waiting = loadingConversation || chat.isLoading || fromChat.isLoading || clearing.isLoading;
  const progress = useJobProgress(user.id, jobKey, fromChat.isLoading);
  const listEnd = useRef<HTMLLIElement>(null);

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, waiting]);

  // Only the latest turns reach the coach; the server cuts longer histories the same way.
  const history = (list: ChatMessageView[]): ChatTurn[] =>
    list.slice(-CHAT_HISTORY_KEPT).map(({ role, content }) => ({ role, content }));

  async function send() {
    const message = draft.trim();
    if (!message || waiting) return;
    setDraft('');
    try {
      await sendChat({
        body: { userId: user.id, message, userProfile: profileOf(user), chatHistory: history(messages) },
        jobKey: newJobKey(),
      }).unwrap();
    } catch {
      // Nothing was stored: the message goes back into the input to send again.
      setDraft(message);
      toast({ title: 'Chat Error', description: 'Failed to get response. Please try again.', variant: 'destructive' });
    }
  }

  async function clear() {
    try {
      await clearChat(user.id).unwrap();
    } catch {
      toast({
        title: 'Chat Error',
        description: 'Could not clear the conversation. Please try again.',
        variant: 'destructive',
      });
    }
  }

  async function generate() {
    const key = newJobKey();
    setJobKey(key);
    try {
      await generateFromChat({
        body: { userId: user.id, chatHistory: history(messages), userProfile: profileOf(user) },
        jobKey: key,
      }).unwrap();
      toast({ title: 'Workout Generated!', description: 'Custom workout created based on our conversation' });
    } catch {
      toast({
        title: 'Generation Failed',
        description: 'Could not generate workout. Please provide more details.',
        variant: 'destructive',
      });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // docs/product.md: Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <Panel title="AI_FITNESS_COACH" className="coach">
      {/* It scrolls: keyboard users focus it to read back. */}
      <ol className="coach__messages" aria-label="Chat messages" aria-live="polite" tabIndex={0}>
        {loadingConversation && <li className="coach__hint muted">LOADING_CONVERSATION…</li>}
        {conversationFailed && (
          <li className="coach__hint">
            The conversation so far could not be loaded.{' '}
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void refetch()}>
              RETRY
            </button>
          </li>
        )}
        {!loadingConversation && !conversationFailed && messages.length === 0 && (
          <li className="coach__hint muted">
            Ask about pain, weight loss, food, rest or how to do an exercise — or say how many minutes you have, your
            equipment and what to train.
          </li>
        )}
        {messages.map((m) => (
          <li key={m.id} className={`coach__message coach__message--${m.role}`}>
            <span className="coach__role">{m.role === 'user' ? 'YOU' : 'COACH'}</span>
            <p>{m.content}</p>
          </li>
        ))}
        {chat.isLoading && (
          // No role=status here: an item of the list must stay a listitem; the list is already a polite live region.
          <li className="coach__message coach__message--assistant coach__thinking">
            <span className="coach__role">COACH</span>
            <p>
              THINKING
              <span className="cursor" />
            </p>
          </li>
        )}
        <li ref={listEnd} aria-hidden className="coach__end" />
      </ol>
      <form
        className="coach__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea
          className="input coach__input"
          value={draft}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder="Ask your coach… (Shift+Enter: new line)"
          aria-label="Message"
          disabled={waiting}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn--primary" disabled={waiting || !draft.trim()}>
          SEND
        </button>
      </form>
      {messages.length > CHAT_MESSAGES_BEFORE_GENERATE && (
        <div className="coach__generate">
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => confirmReplace(() => void generate())}
            disabled={waiting}
          >
            {fromChat.isLoading ? 'GENERATING...' : 'GENERATE_WORKOUT_FROM_CHAT'}
          </button>
          {fromChat.isLoading && <ProgressBar value={progress} label="Generating workout from chat" />}
        </div>
      )}
      {messages.length > 0 && (
        <button
          type="button"
          className="btn btn--ghost btn--small coach__clear"
          onClick={() => void clear()}
          disabled={waiting}
        >
          {clearing.isLoading ? 'CLEARING...' : 'CLEAR_CHAT'}
        </button>
      )}
    </Panel>
  );
}
