import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Review, ReviewReactionType } from '@nebab/shared';
import {
  useDeleteReviewMutation,
  useReactionMutation,
  useReplyMutation,
  useReportReviewMutation,
} from '../../api/reviews/mutations';
import { LazyConfirmDialog } from '../../components/LazyConfirmDialog';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { translateMessage } from '../../i18n/messages';
import { textLangAttr } from '../../lib/langOf';
import { isApiError } from '../../api/client';
import { useReaderAction } from '../auth/useReaderAction';
import { useToast } from '../toast/toastContext';

interface ReviewItemProps {
  bookId: string;
  review: Review;
  signedIn: boolean;
  isMine: boolean;
  onEdit: () => void;
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : String(error);
}

/** One review: author, date, stars, comment, reactions, replies, reply / report toggles. */
export function ReviewItem({ bookId, review, signedIn, isMine, onEdit }: ReviewItemProps) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const toast = useToast();
  const id = useId();
  const reaction = useReactionMutation(bookId, review);
  const reply = useReplyMutation(bookId, review.id);
  const report = useReportReviewMutation(review.id);
  const remove = useDeleteReviewMutation(bookId);
  const asReader = useReaderAction();
  const [panel, setPanel] = useState<'reply' | 'report' | null>(null);
  // A review marked as a spoiler stays hidden from others until they ask to see it.
  const [spoilerShown, setSpoilerShown] = useState(false);
  const hidden = review.spoiler && !isMine && !spoilerShown;
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  // A notification links to `/book/:id#review-<id>`: bring that review into view once it renders.
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (window.location.hash !== `#review-${review.id}`) return;
    itemRef.current?.scrollIntoView?.({ block: 'center' });
    itemRef.current?.focus({ preventScroll: true });
  }, [review.id]);

  const toggle = (next: 'reply' | 'report') => {
    setPanel((value) => (value === next ? null : next));
    setText('');
    setFieldError(null);
  };

  // Pressing the reaction shown as pressed takes it back. Decided on what the reader saw when they
  // clicked, and sent once their session is known (a click right after the page loads waits for it).
  const react = (type: ReviewReactionType) => {
    const next = review.mine === type ? null : type;
    void asReader(
      () =>
        reaction.mutate(next, {
          onError: (error) => toast.show({ kind: 'error', message: errorText(error) }),
        }),
      () => toast.show({ kind: 'error', message: t('reviews.loginRequired') }),
    );
  };

  const submitPanel = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (panel === 'reply') {
      // The shared rule (zod) loads with the first reply, not with the page.
      const { replyInputSchema } = await import('./replySchema');
      const parsed = replyInputSchema.safeParse({ text });
      if (!parsed.success) {
        setFieldError(translateMessage(parsed.error.issues[0]?.message) ?? '');
        return;
      }
      try {
        await reply.mutateAsync(parsed.data.text);
        toast.show({ kind: 'success', message: t('reviewsUi.replied') });
        toggle('reply');
      } catch (error) {
        setFieldError(errorText(error));
      }
    } else if (panel === 'report') {
      if (!text.trim()) {
        setFieldError(t('validation.reportReasonRequired'));
        return;
      }
      try {
        await report.mutateAsync(text.trim());
        toast.show({ kind: 'success', message: t('reviewsUi.reported') });
        toggle('report');
      } catch (error) {
        setFieldError(errorText(error));
      }
    }
  };

  const onDelete = () => {
    remove.mutate(review.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.show({ kind: 'success', message: t('reviewsUi.deleted') });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.show({ kind: 'error', message: errorText(error) });
      },
    });
  };

  const panelId = `${id}-panel`;
  const fieldId = `${id}-field`;

  return (
    <li
      ref={itemRef}
      id={`review-${review.id}`}
      tabIndex={-1}
      className="card scroll-mt-24 p-4 focus-visible:outline-2 focus-visible:outline-accent"
      data-testid="review"
    >
      <div className="flex items-center gap-3">
        <UserAvatar name={review.user.name} pictureUrl={review.user.profile_picture} size={36} />
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">
            <ReaderName
              id={review.user.id}
              name={review.user.name}
              lang={textLangAttr(review.user.name, i18n.language)}
            />
          </p>
          <p className="text-sm text-ink-muted">
            <time dateTime={review.timestamp}>{formatDate(review.timestamp)}</time>
          </p>
        </div>
        {isMine && review.visibility === 'private' ? (
          <span className="ml-auto rounded-full border px-2 py-0.5 text-xs">
            {t('reviewsUi.privateBadge')}
          </span>
        ) : null}
      </div>
      <p
        className="mt-2 text-amber-600"
        role="img"
        aria-label={t('reviewsUi.ratedStars', { rating: review.rating })}
      >
        {'★'.repeat(review.rating)}
        {'☆'.repeat(Math.max(0, 5 - review.rating))}
      </p>
      {review.spoiler ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">
            {t('reviewsUi.spoilerBadge')}
          </span>
          {hidden ? <span className="text-sm text-ink-muted">{t('reviewsUi.spoilerHidden')}</span> : null}
          {!isMine ? (
            <button
              type="button"
              className="text-sm font-semibold text-accent underline"
              aria-expanded={!hidden}
              aria-controls={`${id}-comment`}
              onClick={() => setSpoilerShown((value) => !value)}
            >
              {hidden ? t('reviewsUi.showSpoiler') : t('reviewsUi.hideSpoiler')}
            </button>
          ) : null}
        </div>
      ) : null}
      <p
        id={`${id}-comment`}
        hidden={hidden}
        lang={textLangAttr(review.comment, i18n.language)}
        className="mt-2 whitespace-pre-line [overflow-wrap:anywhere]"
      >
        {review.comment}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-3 text-sm"
          aria-pressed={review.mine === 'like'}
          onClick={() => react('like')}
        >
          {t('reviewsUi.like', { n: review.likes })}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-3 text-sm"
          aria-pressed={review.mine === 'dislike'}
          onClick={() => react('dislike')}
        >
          {t('reviewsUi.dislike', { n: review.dislikes })}
        </button>
        {signedIn ? (
          <>
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-3 text-sm"
              aria-expanded={panel === 'reply'}
              aria-controls={panel === 'reply' ? panelId : undefined}
              onClick={() => toggle('reply')}
            >
              {t('reviewsUi.reply')}
            </button>
            {!isMine ? (
              <button
                type="button"
                className="btn btn-ghost min-h-10 px-3 text-sm"
                aria-expanded={panel === 'report'}
                aria-controls={panel === 'report' ? panelId : undefined}
                onClick={() => toggle('report')}
              >
                {t('reviewsUi.report')}
              </button>
            ) : null}
          </>
        ) : null}
        {isMine ? (
          <>
            <button type="button" className="btn btn-ghost min-h-10 px-3 text-sm" onClick={onEdit}>
              {t('reviewsUi.edit')}
            </button>
            <button
              type="button"
              className="btn btn-ghost min-h-10 px-3 text-sm"
              onClick={() => setConfirmingDelete(true)}
            >
              {t('reviewsUi.delete')}
            </button>
            <LazyConfirmDialog
              open={confirmingDelete}
              onOpenChange={setConfirmingDelete}
              title={t('reviewsUi.confirmDelete')}
              description={t('reviewsUi.confirmDeleteBody')}
              confirmLabel={t('reviewsUi.delete')}
              onConfirm={onDelete}
              pending={remove.isPending}
              tone="danger"
            />
          </>
        ) : null}
      </div>
      {panel ? (
        <form
          id={panelId}
          noValidate
          className="mt-3 grid gap-2"
          aria-label={panel === 'reply' ? t('reviewsUi.replyForm') : t('reviewsUi.reportForm')}
          onSubmit={(event) => void submitPanel(event)}
        >
          <label htmlFor={fieldId} className="field-label">
            {panel === 'reply' ? t('reviewsUi.replyText') : t('reviewsUi.reportReason')}
          </label>
          <textarea
            id={fieldId}
            rows={3}
            className="input min-h-20"
            value={text}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {fieldError ? (
            <p id={`${fieldId}-error`} role="alert" className="field-error">
              {fieldError}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary">
              {panel === 'reply' ? t('reviewsUi.sendReply') : t('reviewsUi.sendReport')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => toggle(panel)}>
              {t('reviewsUi.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {review.replies.length > 0 ? (
        <ul className="mt-3 grid gap-2 border-l-2 pl-4" aria-label={t('reviewsUi.replies')}>
          {review.replies.map((item) => (
            <li key={item.id} className="flex gap-2">
              <UserAvatar name={item.user.name} pictureUrl={item.user.profile_picture} size={28} />
              <div className="min-w-0">
                <p className="text-sm">
                  <span className="font-semibold">
                    <ReaderName id={item.user.id} name={item.user.name} />
                  </span>{' '}
                  <time className="text-ink-muted" dateTime={item.date}>
                    {formatDate(item.date)}
                  </time>
                </p>
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A reviewer's name, linking to their profile (which answers whether it may be seen). */
function ReaderName({ id, name, lang }: { id: string; name: string; lang?: string }) {
  return (
    <Link
      to={`/reader/${encodeURIComponent(id)}`}
      lang={lang}
      className="text-ink underline-offset-4 hover:underline"
    >
      {name}
    </Link>
  );
}
