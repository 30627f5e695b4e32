import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_GROUPS, BOOK_LENGTHS, GENRE_SLUGS, PREFERENCE_LANGUAGES, type Preferences } from '@nebab/shared';
import {
  canSkip,
  EMPTY_ANSWERS,
  progressPercent,
  stepError,
  toggleValue,
  TOTAL_STEPS,
  WIZARD_STEPS,
  type WizardAnswers,
} from './wizardState';
import { AuthorTypeahead } from './AuthorTypeahead';

interface PreferencesWizardProps {
  initial?: WizardAnswers;
  /** Saves the answers; resolves with an error message to show, or null on success. */
  onFinish: (answers: Preferences) => Promise<string | null>;
}

function ChoiceChip({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="chip">
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-[var(--color-accent)]"
        checked={checked}
        onChange={onChange}
      />
      {label}
    </label>
  );
}

function RadioCard({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 ${checked ? 'border-accent bg-accent-soft font-semibold' : 'border-line-strong bg-surface hover:bg-surface-2'}`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-[var(--color-accent)]"
      />
      {label}
    </label>
  );
}

/** The 5-step preferences questionnaire (spec §2 Preferences wizard, §4, §5). */
export function PreferencesWizard({ initial = EMPTY_ANSWERS, onFinish }: PreferencesWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<WizardAnswers>(initial);
  const [errorKey, setErrorKey] = useState<ReturnType<typeof stepError>>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);
  const radioName = useId();
  const progress = progressPercent(answers);
  const stepName = WIZARD_STEPS[step] ?? 'languages';
  const isLast = step === TOTAL_STEPS - 1;

  // After Next, Previous or Skip, the new step opens with its question in view: on a phone the
  // reader pressed Next at the foot of a long step (the genres), and the page, left scrolled there,
  // showed the next step from its middle, its question under the sticky header. Unless the question
  // is in view below the header (the card's scroll margin), the card's top is brought there; then
  // focus moves to the question, so screen readers announce it, without scrolling again.
  useEffect(() => {
    if (!movedRef.current) return;
    const card = cardRef.current;
    const heading = headingRef.current;
    if (card && heading) {
      const margin = parseFloat(getComputedStyle(card).scrollMarginTop) || 0;
      const { top, bottom } = heading.getBoundingClientRect();
      if (top < margin || bottom > window.innerHeight) card.scrollIntoView?.({ block: 'start' });
    }
    heading?.focus({ preventScroll: true });
  }, [step]);

  const update = (patch: Partial<WizardAnswers>) => {
    setAnswers((current) => ({ ...current, ...patch }));
    setErrorKey(null);
  };

  const goTo = (next: number) => {
    movedRef.current = true;
    setErrorKey(null);
    setSaveError(null);
    setStep(next);
  };

  const finish = async (final: WizardAnswers) => {
    setSaving(true);
    setSaveError(null);
    const message = await onFinish({ ...final });
    setSaving(false);
    if (message) setSaveError(message);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const blocking = stepError(step, answers);
    if (blocking) {
      setErrorKey(blocking);
      return;
    }
    if (isLast) void finish(answers);
    else goTo(step + 1);
  };

  const handleSkip = () => {
    if (isLast) void finish(answers);
    else goTo(step + 1);
  };

  let body: ReactNode;
  switch (stepName) {
    case 'languages':
      body = (
        <div className="flex flex-wrap gap-2">
          {PREFERENCE_LANGUAGES.map((code) => (
            <ChoiceChip
              key={code}
              label={t(`wizard.languageNames.${code}`)}
              checked={answers.languages.includes(code)}
              onChange={() =>
                update({ languages: toggleValue(answers.languages, code, PREFERENCE_LANGUAGES) })
              }
            />
          ))}
        </div>
      );
      break;
    case 'genres':
      body = (
        <div className="flex flex-wrap gap-2">
          {GENRE_SLUGS.map((slug) => (
            <ChoiceChip
              key={slug}
              label={t(`genres.${slug}`)}
              checked={answers.genres.includes(slug)}
              onChange={() => update({ genres: toggleValue(answers.genres, slug, GENRE_SLUGS) })}
            />
          ))}
        </div>
      );
      break;
    case 'ageGroup':
      body = (
        <div className="grid gap-2 sm:grid-cols-3">
          {AGE_GROUPS.map((group) => (
            <RadioCard
              key={group}
              name={`${radioName}-age`}
              label={t(`wizard.ageGroups.${group}`)}
              checked={answers.ageGroup === group}
              onChange={() => update({ ageGroup: group })}
            />
          ))}
        </div>
      );
      break;
    case 'bookLength':
      body = (
        <div className="grid gap-2 sm:grid-cols-2">
          {BOOK_LENGTHS.map((length) => (
            <RadioCard
              key={length}
              name={`${radioName}-length`}
              label={t(`wizard.bookLengths.${length}`)}
              checked={answers.bookLength === length}
              onChange={() => update({ bookLength: length })}
            />
          ))}
        </div>
      );
      break;
    case 'authors':
      body = <AuthorTypeahead selected={answers.authors} onChange={(authors) => update({ authors })} />;
      break;
  }

  return (
    <div ref={cardRef} className="card scroll-mt-20 overflow-hidden">
      <div
        role="progressbar"
        data-testid="wizard-progress"
        aria-label={t('wizard.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={t('wizard.progressText', { percent: progress })}
        className="h-2 w-full bg-surface-2"
      >
        <div className="h-full bg-accent transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>

      <form noValidate onSubmit={handleSubmit} className="p-5 sm:p-8">
        <p data-testid="wizard-step" className="text-sm font-semibold tracking-wide text-gold uppercase">
          {t('wizard.stepOf', { current: step + 1, total: TOTAL_STEPS })}
        </p>
        <fieldset className="mt-2 min-w-0">
          <legend className="contents">
            <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
              {t(`wizard.steps.${stepName}.title`)}
            </h2>
          </legend>
          <p className="mt-1 mb-5 text-ink-muted">{t(`wizard.steps.${stepName}.hint`)}</p>
          {body}
        </fieldset>

        {errorKey ? (
          <p
            role="alert"
            className="mt-5 rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
          >
            {t(errorKey)}
          </p>
        ) : null}
        {saveError ? (
          <p
            role="alert"
            className="mt-5 rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
          >
            {saveError}
          </p>
        ) : null}

        <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-line pt-5">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => goTo(step - 1)}
            disabled={step === 0 || saving}
          >
            {t('wizard.previous')}
          </button>
          <div className="ml-auto flex flex-wrap gap-3">
            {canSkip(step) ? (
              <button type="button" className="btn btn-ghost" onClick={handleSkip} disabled={saving}>
                {t('wizard.skip')}
              </button>
            ) : null}
            <button type="submit" className="btn btn-primary min-w-28" disabled={saving}>
              {isLast ? (saving ? t('wizard.saving') : t('wizard.finish')) : t('wizard.next')}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
