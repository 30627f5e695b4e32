import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { clubQueryOptions, clubsQueryOptions } from '../../api/clubs/queries';
import { useAuth } from '../../features/auth/authContext';

interface ClubPickerProps {
  clubId: string | null;
  onChange: (id: string) => void;
  /** Label of an extra first option with the value '' (e.g. "All my clubs"); none when absent. */
  allLabel?: string;
}

/** Which club the Discussions and Events tabs show: the reader's clubs plus the selected one. */
export function ClubPicker({ clubId, onChange, allLabel }: ClubPickerProps) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const id = useId();
  const mine = useQuery(clubsQueryOptions({ mine: true }, status === 'signedIn'));
  const selected = useQuery({ ...clubQueryOptions(clubId ?? ''), enabled: !!clubId });
  const options = (mine.data?.items ?? []).filter((club) => club.membership !== 'pending');
  if (selected.data && !options.some((club) => club.id === selected.data.id)) options.unshift(selected.data);
  if (options.length === 0 && !allLabel) return null;

  return (
    <div className="mb-6 max-w-sm">
      <label htmlFor={`${id}-club`} className="field-label">
        {t('clubsUi.picker.label')}
      </label>
      <select
        id={`${id}-club`}
        className="input"
        value={clubId ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {allLabel ? (
          <option value="">{allLabel}</option>
        ) : clubId ? null : (
          <option value="">{t('clubsUi.picker.choose')}</option>
        )}
        {options.map((club) => (
          <option key={club.id} value={club.id}>
            {club.name}
          </option>
        ))}
      </select>
    </div>
  );
}
