import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CLUB_LIMITS, clubMeetingInputSchema, type Club, type ClubBook, type ClubPatch } from '@nebab/shared';
import { useUpdateClubMutation } from '../../api/clubs/mutations';
import { isApiError } from '../../api/client';
import { BookCover } from '../../components/BookCover';
import { TextField } from '../../components/FormField';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';
import { useFormatDate } from '../../i18n/useFormatDate';
import { BookPicker } from '../../features/search/BookPicker';
import { ModalDialog } from '../../components/ModalDialog';

const SETTINGS_TABS = ['currentBook', 'nextBook', 'nextMeeting'] as const;

/** `YYYY-MM-DDTHH:mm` in local time, the value format of `<input type="datetime-local">`. */
export function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface ClubSettingsDialogProps {
  club: Club;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 club settings (moderators): tabs Current Book, Next Book, Next Meeting; each saved with PATCH. */
export function ClubSettingsDialog({ club, open, onOpenChange }: ClubSettingsDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateClubMutation(club.id);
  const [error, setError] = useState<string | null>(null);

  const save = async (patch: ClubPatch, done: string): Promise<boolean> => {
    setError(null);
    try {
      await update.mutateAsync(patch);
      toast.show({ kind: 'success', message: done });
      return true;
    } catch (cause) {
      // A 400 names the field (e.g. an unknown book): its message says more than the general one.
      setError(isApiError(cause) ? (Object.values(cause.fields)[0] ?? cause.message) : t('errors.INTERNAL'));
      return false;
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={t('clubsUi.settings.title', { name: club.name })}
      description={t('clubsUi.settings.description')}
      testId="club-settings-dialog"
    >
      <Tabs.Root defaultValue="currentBook">
        <Tabs.List
          aria-label={t('clubsUi.settings.tabsLabel')}
          className="mb-4 flex gap-1 overflow-x-auto border-b border-line"
        >
          {SETTINGS_TABS.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="-mb-px shrink-0 cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-ink-muted hover:text-ink data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {t(`clubsUi.settings.tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="currentBook" className="grid grid-cols-1 gap-4">
          <BookSetting
            current={club.currentBook}
            emptyText={t('clubsUi.noCurrentBook')}
            confirmLabel={t('clubsUi.settings.setCurrent')}
            removeLabel={t('clubsUi.settings.removeCurrent')}
            busy={update.isPending}
            onSet={(bookId, title) =>
              save({ currentBookId: bookId }, t('clubsUi.settings.currentSaved', { title }))
            }
            onRemove={() => save({ currentBookId: null }, t('clubsUi.settings.currentRemoved'))}
          />
        </Tabs.Content>
        <Tabs.Content value="nextBook" className="grid grid-cols-1 gap-4">
          <BookSetting
            current={club.nextBook}
            emptyText={t('clubsUi.noNextBook')}
            confirmLabel={t('clubsUi.settings.setNext')}
            removeLabel={t('clubsUi.settings.removeNext')}
            busy={update.isPending}
            onSet={(bookId, title) =>
              save({ nextBookId: bookId }, t('clubsUi.settings.nextSaved', { title }))
            }
            onRemove={() => save({ nextBookId: null }, t('clubsUi.settings.nextRemoved'))}
          />
        </Tabs.Content>
        <Tabs.Content value="nextMeeting">
          <MeetingSetting club={club} busy={update.isPending} save={save} />
        </Tabs.Content>
      </Tabs.Root>
      {error ? (
        <p role="alert" className="field-error mt-4">
          {error}
        </p>
      ) : null}
    </ModalDialog>
  );
}

function BookSetting({
  current,
  emptyText,
  confirmLabel,
  removeLabel,
  busy,
  onSet,
  onRemove,
}: {
  current: ClubBook | null;
  emptyText: string;
  confirmLabel: string;
  removeLabel: string;
  busy: boolean;
  onSet: (bookId: string, title: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center gap-3 rounded-lg border border-line bg-surface-2 p-3">
        {current ? (
          <>
            <BookCover
              title={current.title}
              author={current.author}
              candidates={[current.coverImage]}
              size="xs"
            />
            <p className="min-w-0 flex-1 text-sm">
              <span className="block text-xs text-ink-muted">{t('clubsUi.settings.now')}</span>
              <span className="block font-semibold [overflow-wrap:anywhere]">{current.title}</span>
              {current.author ? <span className="block text-ink-muted">{current.author}</span> : null}
            </p>
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 text-sm"
              disabled={busy}
              onClick={() => void onRemove()}
            >
              {removeLabel}
            </button>
          </>
        ) : (
          <p className="text-sm text-ink-muted">{emptyText}</p>
        )}
      </div>
      <BookPicker
        confirmLabel={confirmLabel}
        busy={busy}
        onConfirm={(book) => void onSet(book.id, book.title)}
      />
    </>
  );
}

function MeetingSetting({
  club,
  busy,
  save,
}: {
  club: Club;
  busy: boolean;
  save: (patch: ClubPatch, done: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const id = useId();
  const [when, setWhen] = useState(() => toLocalInputValue(club.nextMeeting?.startsAt));
  const [title, setTitle] = useState(club.nextMeeting?.title ?? '');
  const [location, setLocation] = useState(club.nextMeeting?.location ?? '');
  const [errors, setErrors] = useState<Partial<Record<'startsAt' | 'title' | 'location', string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = when ? new Date(when) : null;
    const parsed = clubMeetingInputSchema.safeParse({
      startsAt: date && !Number.isNaN(date.getTime()) ? date.toISOString() : '',
      title: title.trim() || undefined,
      location: location.trim() || undefined,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'startsAt' || field === 'title' || field === 'location') && !next[field]) {
          next[field] = translateMessage(issue.message);
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await save(
      { nextMeeting: parsed.data },
      t('clubsUi.settings.meetingSaved', {
        when: formatDate(parsed.data.startsAt, { dateStyle: 'full', timeStyle: 'short' }),
      }),
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-1 gap-4">
      <div>
        <label htmlFor={`${id}-when`} className="field-label">
          {t('clubsUi.settings.meetingWhen')}
        </label>
        <input
          id={`${id}-when`}
          type="datetime-local"
          className="input"
          value={when}
          aria-required="true"
          aria-invalid={errors.startsAt ? true : undefined}
          aria-describedby={errors.startsAt ? `${id}-when-error` : undefined}
          onChange={(event) => setWhen(event.target.value)}
        />
        {errors.startsAt ? (
          <p id={`${id}-when-error`} className="field-error">
            {errors.startsAt}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('clubsUi.settings.meetingTitle')}
        value={title}
        maxLength={CLUB_LIMITS.meetingTitleMax}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <TextField
        label={t('clubsUi.settings.meetingLocation')}
        hint={t('clubsUi.settings.meetingLocationHint')}
        value={location}
        maxLength={CLUB_LIMITS.meetingLocationMax}
        onChange={(event) => setLocation(event.target.value)}
        error={errors.location}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('clubsUi.settings.saveMeeting')}
        </button>
        {club.nextMeeting ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() =>
              void save({ nextMeeting: null }, t('clubsUi.settings.meetingCancelled')).then((ok) => {
                if (ok) {
                  setWhen('');
                  setTitle('');
                  setLocation('');
                }
              })
            }
          >
            {t('clubsUi.settings.cancelMeeting')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
