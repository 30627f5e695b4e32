import type { UseFormRegisterReturn } from 'react-hook-form';

export interface Choice {
  value: string;
  label: string;
  hint: string;
}

/**
 * One choice among a few, each a card with its label and a line saying what it means (a list's or
 * a club's visibility, say): radio buttons under a legend, registered with react-hook-form.
 */
export function ChoiceCards({
  legend,
  choices,
  registration,
}: {
  legend: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
}) {
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3"
          >
            <input
              type="radio"
              value={choice.value}
              className="mt-1 accent-[var(--color-accent)]"
              {...registration}
            />
            <span>
              <span className="block font-semibold">{choice.label}</span>
              <span className="block text-sm text-ink-muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
