import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLUB_LIMITS, clubCreateSchema, type ClubCreate, type ClubCreateValues } from '@nebab/shared';
import { uploadClubCover, useCreateClubMutation } from '../../api/clubs/mutations';
import { isApiError } from '../../api/client';
import { ChoiceCards } from '../../components/ChoiceCards';
import { SelectField, TextAreaField, TextField } from '../../components/FormField';
import { GenreOptions } from '../../components/GenreOptions';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';
import { ModalDialog } from '../../components/ModalDialog';

const DEFAULTS: ClubCreateValues = { name: '', description: '', visibility: 'public', genre_focus: null };
const COVER_TYPES: readonly string[] = CLUB_LIMITS.coverTypes;

/** Why a chosen cover cannot be sent (type or size), as a translation key; null when it is fine. */
export function coverProblem(
  file: File | null,
): 'clubsUi.create.coverType' | 'clubsUi.create.coverSize' | null {
  if (!file) return null;
  if (!COVER_TYPES.includes(file.type)) return 'clubsUi.create.coverType';
  if (file.size > CLUB_LIMITS.coverMaxBytes) return 'clubsUi.create.coverSize';
  return null;
}

interface CreateClubDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (clubId: string) => void;
  /** Where focus goes on closing (default: back to the opener); see ModalDialog. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec §2 Create Book Club: name, description, visibility, genre focus, cover image. The creator moderates. */
export function CreateClubDialog({ open, onOpenChange, onCreated, onCloseAutoFocus }: CreateClubDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const create = useCreateClubMutation();
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClubCreateValues, unknown, ClubCreate>({
    resolver: zodResolver(clubCreateSchema),
    defaultValues: DEFAULTS,
  });

  const change = (next: boolean) => {
    if (!next) {
      reset(DEFAULTS);
      setCover(null);
      setCoverError(null);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const chooseCover = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = coverProblem(file);
    setCoverError(problem ? t(problem) : null);
    setCover(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let clubId: string;
    try {
      clubId = (await create.mutateAsync(values)).id;
    } catch (error) {
      setFormError(applyServerErrors(error, ['name', 'description', 'visibility', 'genre_focus'], setError));
      return;
    }
    if (cover) {
      try {
        await uploadClubCover(clubId, cover);
      } catch (error) {
        toast.show({
          kind: 'error',
          message: t('clubsUi.create.coverFailed', {
            reason: isApiError(error) ? error.message : t('errors.INTERNAL'),
          }),
        });
      }
    }
    toast.show({ kind: 'success', message: t('clubsUi.create.created', { name: values.name }) });
    change(false);
    onCreated(clubId);
  });

  const descriptionError = translateMessage(errors.description?.message);
  const genreError = translateMessage(errors.genre_focus?.message);

  return (
    <ModalDialog
      open={open}
      onOpenChange={change}
      title={t('clubsUi.create.title')}
      description={t('clubsUi.create.description')}
      testId="create-club-dialog"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid grid-cols-1 gap-4">
        <TextField
          label={t('clubsUi.create.name')}
          autoComplete="off"
          aria-required="true"
          maxLength={CLUB_LIMITS.nameMax + 20}
          error={translateMessage(errors.name?.message)}
          {...register('name')}
        />
        <TextAreaField
          label={t('clubsUi.create.descriptionLabel')}
          rows={3}
          inputClassName="min-h-24"
          error={descriptionError}
          {...register('description')}
        />
        <ChoiceCards
          legend={t('clubsUi.create.visibility')}
          choices={(['public', 'private'] as const).map((value) => ({
            value,
            label: t(`clubsUi.visibility.${value}`),
            hint: t(`clubsUi.create.${value}Hint`),
          }))}
          registration={register('visibility')}
        />
        <SelectField
          label={t('clubsUi.create.genre')}
          error={genreError}
          {...register('genre_focus', { setValueAs: (value: string | null) => (value ? value : null) })}
        >
          <option value="">{t('clubsUi.create.noGenre')}</option>
          <GenreOptions />
        </SelectField>
        <div>
          <label htmlFor={`${id}-cover`} className="field-label">
            {t('clubsUi.create.cover')}
          </label>
          <input
            id={`${id}-cover`}
            type="file"
            accept={COVER_TYPES.join(',')}
            onChange={chooseCover}
            aria-invalid={coverError ? true : undefined}
            aria-describedby={`${id}-cover-hint${coverError ? ` ${id}-cover-error` : ''}`}
            className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-line-strong file:bg-surface-2 file:px-3 file:py-2 file:font-semibold file:text-ink"
          />
          <p id={`${id}-cover-hint`} className="mt-1.5 text-sm text-ink-muted">
            {t('clubsUi.create.coverHint')}
          </p>
          {coverError ? (
            <p id={`${id}-cover-error`} role="alert" className="field-error">
              {coverError}
            </p>
          ) : null}
        </div>
        {formError ? (
          <p role="alert" className="field-error">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => change(false)}>
            {t('clubsUi.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('clubsUi.create.submitting') : t('clubsUi.create.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
