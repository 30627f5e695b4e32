import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CLUB_LIMITS, type ClubMessage } from '@nebab/shared';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { textLangAttr } from '../../lib/langOf';
import { useAuth } from '../auth/authContext';
import { useClubChat, type ChatStatus } from './useClubChat';

interface ClubChatProps {
  clubId: string;
  clubName: string;
  /** Move focus to the message box on mount (the reader just pressed Open Chat). */
  autoFocus?: boolean;
}

/**
 * The chat of one club (spec §2 Chat view: message list, input and Send). Messages are plain text
 * (React text nodes; line breaks kept), newest last, with Load earlier at the top. The list scrolls to
 * the newest message when one arrives; loading earlier ones keeps the reader's place.
 * Mount it with `key={clubId}`.
 */
export function ClubChat({ clubId, clubName, autoFocus = false }: ClubChatProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const chat = useClubChat(clubId);
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keepFromBottom = useRef<number | null>(null);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const newest = chat.messages.at(-1)?.id ?? null;
  const oldest = chat.messages[0]?.id ?? null;

  // Earlier messages were prepended: keep the same distance from the bottom, so nothing jumps.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || keepFromBottom.current === null) return;
    list.scrollTop = list.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [oldest]);

  // A new newest message: show it — unless the reader has scrolled up to read older ones (their own
  // messages always scroll into view).
  const atBottom = useRef(true);
  const newestMine = chat.messages.at(-1)?.user.id === user?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list && newest && (atBottom.current || newestMine)) list.scrollTop = list.scrollHeight;
  }, [newest, newestMine]);

  const loadEarlier = async () => {
    const list = listRef.current;
    if (list) keepFromBottom.current = list.scrollHeight - list.scrollTop;
    await chat.loadEarlier();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await chat.send(draft);
    setSending(false);
    if (result.ok) {
      setDraft('');
      setSendError(null);
    } else setSendError(result.message);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and IME composition is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const canSend = chat.status === 'live';
  const tooLong = draft.length > CLUB_LIMITS.messageMax;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="card flex h-[32rem] max-h-[75dvh] min-h-80 flex-col overflow-hidden"
      data-testid="club-chat"
    >
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="truncate text-lg font-semibold">
            {t('clubsUi.chat.title', { name: clubName })}
          </h2>
          <ChatStatusLine status={chat.status} />
        </div>
      </header>

      <div
        ref={listRef}
        role="log"
        aria-label={t('clubsUi.chat.messages')}
        tabIndex={0}
        onScroll={(event) => {
          const list = event.currentTarget;
          atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
        }}
        className="flex-1 overflow-y-auto px-4 py-3"
        data-testid="chat-messages"
      >
        {chat.hasEarlier ? (
          <div className="mb-3 flex justify-center">
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 text-sm"
              onClick={() => void loadEarlier()}
              disabled={chat.loadingEarlier}
            >
              {chat.loadingEarlier ? t('clubsUi.chat.loadingEarlier') : t('clubsUi.chat.loadEarlier')}
            </button>
          </div>
        ) : null}
        {chat.loading ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('clubsUi.chat.loading')} />
          </div>
        ) : chat.messages.length === 0 && !chat.error ? (
          <p className="py-8 text-center text-ink-muted">{t('clubsUi.chat.empty')}</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3">
            {chat.messages.map((message) => (
              <ChatMessage key={message.id} message={message} mine={message.user.id === user?.id} />
            ))}
          </ol>
        )}
      </div>

      {chat.error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-2 text-sm"
        >
          <p className="text-danger">{chat.error}</p>
          {chat.status === 'failed' ? (
            <button type="button" className="btn btn-secondary min-h-9 px-3 text-sm" onClick={chat.retry}>
              {t('clubsUi.chat.retry')}
            </button>
          ) : null}
        </div>
      ) : null}

      <form onSubmit={(event) => void submit(event)} noValidate className="border-t border-line p-3">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('clubsUi.chat.inputLabel')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            ref={inputRef}
            id={`${id}-input`}
            rows={2}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (sendError) setSendError(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('clubsUi.chat.placeholder')}
            aria-invalid={sendError || tooLong ? true : undefined}
            aria-describedby={`${id}-hint${sendError ? ` ${id}-error` : ''}`}
            className="input min-h-11 flex-1 resize-none"
          />
          <button type="submit" className="btn btn-primary shrink-0" disabled={!canSend || sending}>
            {t('clubsUi.chat.send')}
          </button>
        </div>
        <p id={`${id}-hint`} className={`mt-1 text-xs ${tooLong ? 'text-danger' : 'text-ink-muted'}`}>
          {t('clubsUi.chat.hint', { length: draft.length, max: CLUB_LIMITS.messageMax })}
        </p>
        {sendError ? (
          <p id={`${id}-error`} role="alert" className="field-error" data-testid="chat-send-error">
            {sendError}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function ChatStatusLine({ status }: { status: ChatStatus }) {
  const { t } = useTranslation();
  const tone = status === 'live' ? 'bg-success' : status === 'failed' ? 'bg-danger' : 'bg-gold';
  return (
    <p role="status" className="flex items-center gap-2 text-xs text-ink-muted" data-testid="chat-status">
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${tone}`} />
      {t(`clubsUi.chat.status.${status}`)}
    </p>
  );
}

function ChatMessage({ message, mine }: { message: ClubMessage; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className={`flex gap-2 ${mine ? 'flex-row-reverse' : ''}`} data-testid="chat-message">
      <UserAvatar name={message.user.name} pictureUrl={message.user.profile_picture} size={32} />
      <div
        className={`max-w-[85%] min-w-0 rounded-xl px-3 py-2 ${
          mine ? 'bg-accent-soft text-ink' : 'border border-line bg-surface-2 text-ink'
        }`}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span
            className="font-semibold"
            lang={mine ? undefined : textLangAttr(message.user.name, i18n.language)}
          >
            {mine ? t('clubsUi.chat.you') : message.user.name}
          </span>
          <time dateTime={message.created_at} className="text-ink-muted">
            {formatDate(message.created_at, { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </p>
        <p
          lang={textLangAttr(message.content, i18n.language)}
          className="mt-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]"
        >
          {message.content}
        </p>
      </div>
    </li>
  );
}
