import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  clubTopicInputSchema,
  clubTopicReplyInputSchema,
  type Club,
  type ClubTopic,
  type ClubTopicInput,
  type ClubTopicReplyInput,
} from '@nebab/shared';
import { useCreateTopicMutation, useReplyTopicMutation } from '../../api/clubs/mutations';
import { clubQueryOptions, clubTopicQueryOptions, clubTopicsQueryOptions } from '../../api/clubs/queries';
import { TextAreaField, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';
import { useFormatDate } from '../../i18n/useFormatDate';
import { ClubPicker } from './ClubPicker';

interface ClubDiscussionsProps {
  clubId: string | null;
  onSelectClub: (id: string) => void;
}

/** The Discussions tab: the chosen club's topics (newest activity first), each with its replies. */
export function ClubDiscussions({ clubId, onSelectClub }: ClubDiscussionsProps) {
  const { t } = useTranslation();
  const club = useQuery({ ...clubQueryOptions(clubId ?? ''), enabled: !!clubId });
  return (
    <div data-testid="club-discussions">
      <ClubPicker clubId={clubId} onChange={(id) => id && onSelectClub(id)} />
      {!clubId ? (
        <p className="card p-6 text-ink-muted">{t('clubsUi.discussions.chooseClub')}</p>
      ) : club.isPending ? (
        <Spinner label={t('clubsUi.loadingClub')} />
      ) : club.isError ? (
        <p role="alert" className="card p-6">
          {club.error.message}
        </p>
      ) : club.data.restricted ? (
        <p className="card p-6 text-ink-muted">{t('clubsUi.discussions.membersOnly')}</p>
      ) : (
        <Topics club={club.data} />
      )}
    </div>
  );
}

function Topics({ club }: { club: Club }) {
  const { t } = useTranslation();
  const id = useId();
  const isMember = club.membership === 'member' || club.membership === 'moderator';
  const topics = useQuery(clubTopicsQueryOptions(club.id, true));
  const [formOpen, setFormOpen] = useState(false);

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-semibold [overflow-wrap:anywhere]">
          {t('clubsUi.discussions.title', { name: club.name })}
        </h2>
        {isMember && !formOpen ? (
          <button type="button" className="btn btn-primary" onClick={() => setFormOpen(true)}>
            {t('clubsUi.discussions.newTopic')}
          </button>
        ) : null}
      </div>
      {!isMember ? (
        <p className="mb-4 text-sm text-ink-muted">{t('clubsUi.discussions.joinToPost')}</p>
      ) : null}
      {formOpen ? <NewTopicForm clubId={club.id} onClose={() => setFormOpen(false)} /> : null}
      {topics.isPending ? (
        <Spinner label={t('clubsUi.discussions.loading')} />
      ) : topics.isError ? (
        <p role="alert" className="field-error">
          {topics.error.message}
        </p>
      ) : topics.data.items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('clubsUi.discussions.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4">
          {topics.data.items.map((topic) => (
            <li key={topic.id}>
              <TopicItem topic={topic} clubId={club.id} canReply={isMember} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewTopicForm({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateTopicMutation(clubId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClubTopicInput>({
    resolver: zodResolver(clubTopicInputSchema),
    defaultValues: { title: '', body: '' },
  });
  const bodyError = translateMessage(errors.body?.message);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      toast.show({ kind: 'success', message: t('clubsUi.discussions.posted') });
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['title', 'body'], setError));
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('clubsUi.discussions.newTopic')}
      className="card mb-6 grid gap-4 p-4"
    >
      <TextField
        label={t('clubsUi.discussions.topicTitle')}
        aria-required="true"
        autoFocus
        error={translateMessage(errors.title?.message)}
        {...register('title')}
      />
      <TextAreaField
        label={t('clubsUi.discussions.topicBody')}
        inputClassName="min-h-28"
        aria-required="true"
        error={bodyError}
        {...register('body')}
      />
      {formError ? (
        <p role="alert" className="field-error">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('clubsUi.discussions.post')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('clubsUi.cancel')}
        </button>
      </div>
    </form>
  );
}

function TopicItem({ topic, clubId, canReply }: { topic: ClubTopic; clubId: string; canReply: boolean }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <article aria-labelledby={`${id}-title`} className="card p-4" data-testid="club-topic">
      <h3 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere]">
        {topic.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <UserAvatar name={topic.user.name} pictureUrl={topic.user.profile_picture} size={24} />
        <span>{topic.user.name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={topic.created_at}>
          {formatDate(topic.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      <p className="mt-3 whitespace-pre-wrap [overflow-wrap:anywhere]">{topic.body}</p>
      {topic.reply_count === 0 && !canReply ? (
        // Nothing to show and nothing to write: say so instead of a "Show 0 replies" button.
        <p className="mt-3 text-sm text-ink-muted">{t('clubsUi.discussions.noReplies')}</p>
      ) : (
        <button
          type="button"
          className="btn btn-ghost mt-2 -ml-3 text-sm text-accent"
          aria-expanded={open}
          aria-controls={`${id}-replies`}
          onClick={() => setOpen((value) => !value)}
        >
          {open
            ? t('clubsUi.discussions.hideReplies')
            : // i18next plurals: "Write the first reply" (zero), "Show 1 reply", "Show 3 replies".
              t('clubsUi.discussions.showReplies', {
                count: topic.reply_count,
                formatted: number.format(topic.reply_count),
              })}
        </button>
      )}
      <div id={`${id}-replies`}>
        {open ? <TopicReplies clubId={clubId} topicId={topic.id} canReply={canReply} /> : null}
      </div>
    </article>
  );
}

function TopicReplies({ clubId, topicId, canReply }: { clubId: string; topicId: string; canReply: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const detail = useQuery(clubTopicQueryOptions(clubId, topicId));
  if (detail.isPending) return <Spinner label={t('clubsUi.discussions.loadingReplies')} className="size-6" />;
  if (detail.isError) {
    return (
      <p role="alert" className="field-error">
        {detail.error.message}
      </p>
    );
  }
  return (
    <div className="mt-2 border-l-2 border-line pl-4">
      {detail.data.replies.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('clubsUi.discussions.noReplies')}</p>
      ) : (
        <ul aria-label={t('clubsUi.discussions.replies')} className="grid grid-cols-1 gap-3">
          {detail.data.replies.map((reply) => (
            <li key={reply.id} className="text-sm">
              <p className="flex flex-wrap items-center gap-2 text-ink-muted">
                <UserAvatar name={reply.user.name} pictureUrl={reply.user.profile_picture} size={20} />
                <span className="font-semibold text-ink">{reply.user.name}</span>
                <time dateTime={reply.created_at}>
                  {formatDate(reply.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}
      {canReply ? <ReplyForm clubId={clubId} topicId={topicId} /> : null}
    </div>
  );
}

function ReplyForm({ clubId, topicId }: { clubId: string; topicId: string }) {
  const { t } = useTranslation();
  const reply = useReplyTopicMutation(clubId, topicId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClubTopicReplyInput>({
    resolver: zodResolver(clubTopicReplyInputSchema),
    defaultValues: { body: '' },
  });
  const bodyError = translateMessage(errors.body?.message);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reply.mutateAsync(values);
      reset({ body: '' });
    } catch (error) {
      setFormError(applyServerErrors(error, ['body'], setError));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 grid gap-2">
      <TextAreaField
        label={t('clubsUi.discussions.yourReply')}
        rows={2}
        error={bodyError}
        {...register('body')}
      />
      {formError ? (
        <p role="alert" className="field-error">
          {formError}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary min-h-10 text-sm" disabled={isSubmitting}>
          {t('clubsUi.discussions.sendReply')}
        </button>
      </div>
    </form>
  );
}
