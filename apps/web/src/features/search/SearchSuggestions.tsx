/** Props of the live suggestion list under the header search box. */
export interface SearchSuggestionsProps {
  query: string;
  /** Called when a suggestion is chosen, so the box can clear and close. */
  onChoose: () => void;
}

/**
 * Slot for the live suggestions of the header search (cover thumbnail and title, each linking to
 * /book/{id}). Suggestions arrive in a later issue; until then it renders nothing.
 */
export function SearchSuggestions(_props: SearchSuggestionsProps) {
  return null;
}
