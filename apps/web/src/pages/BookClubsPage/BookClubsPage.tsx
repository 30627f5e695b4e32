import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { PlusIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { useAuth } from '../../features/auth/authContext';
import { ClubBrowser } from './ClubBrowser';
import { ClubDiscussions } from './ClubDiscussions';
import { ClubEvents } from './ClubEvents';
import { ClubMain } from './ClubMain';
import { CreateClubDialog } from './CreateClubDialog';

export const CLUB_TABS = ['clubs', 'discussions', 'events'] as const;
export type ClubTab = (typeof CLUB_TABS)[number];

function isClubTab(value: string | null): value is ClubTab {
  return CLUB_TABS.includes(value as ClubTab);
}

/**
 * `/community/bookclub` (also `/community/bookClub`): book clubs (spec §2). Tabs Book Clubs, Discussions
 * and Events; the selected club lives in `?club=<id>` (genre pages link there) and the tab in `?tab=`.
 * At 1024 px and wider the Book Clubs tab shows the list, the club (with its chat) and the side panel
 * together; narrower, either the list or the club, with a Back button returning to the list.
 */
export function BookClubsPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const [params, setParams] = useLiveSearchParams();
  const clubId = params.get('club');
  const tabParam = params.get('tab');
  const tab: ClubTab = isClubTab(tabParam) ? tabParam : 'clubs';
  // Narrow screens: list or club. Arriving with ?club= shows the club.
  const [narrowView, setNarrowView] = useState<'list' | 'club'>(clubId ? 'club' : 'list');
  const [createOpen, setCreateOpen] = useState(false);
  // The club just created: once shown, focus goes to its Open Chat.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const justCreatedRef = useRef(false);
  const browserRef = useRef<HTMLDivElement>(null);

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  const backToList = () => {
    setNarrowView('list');
    // Focus the selected club in the list again (or the search box), so keyboard readers keep their place.
    requestAnimationFrame(() => {
      const root = browserRef.current;
      const target =
        root?.querySelector<HTMLElement>('[aria-current="true"]') ??
        root?.querySelector<HTMLElement>('input');
      target?.focus();
    });
  };

  const showClub = narrowView === 'club' && !!clubId;

  return (
    <PageFrame
      title={t('pages.bookClubs.title')}
      description={t('pages.bookClubs.description')}
      actions={
        signedIn ? (
          <button type="button" className="btn btn-primary" onClick={() => setCreateOpen(true)}>
            <PlusIcon className="size-5" />
            {t('clubsUi.add')}
          </button>
        ) : (
          <Link to="/login" className="btn btn-secondary">
            {t('clubsUi.logInToCreate')}
          </Link>
        )
      }
    >
      <Tabs.Root value={tab} onValueChange={(value) => update({ tab: value === 'clubs' ? null : value })}>
        <Tabs.List
          aria-label={t('clubsUi.tabsLabel')}
          className="mb-6 flex gap-1 overflow-x-auto border-b border-line"
        >
          {CLUB_TABS.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="-mb-px shrink-0 cursor-pointer border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-ink-muted hover:text-ink data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {t(`clubsUi.tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="clubs" className="focus-visible:outline-offset-4">
          <div
            className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[20rem_minmax(0,1fr)]"
            data-testid="clubs-layout"
          >
            <div ref={browserRef} className={showClub ? 'hidden lg:block' : ''} data-testid="clubs-list-pane">
              <ClubBrowser selectedId={clubId} onOpen={() => setNarrowView('club')} signedIn={signedIn} />
            </div>
            <div className={showClub ? '' : 'hidden lg:block'} data-testid="club-pane">
              {clubId ? (
                <>
                  <button type="button" className="btn btn-secondary mb-4 lg:hidden" onClick={backToList}>
                    <span aria-hidden="true">←</span>
                    {t('clubsUi.back')}
                  </button>
                  <ClubMain key={clubId} clubId={clubId} focusChat={createdId === clubId} />
                </>
              ) : (
                <div className="card flex flex-col items-start gap-3 p-6">
                  <h2 className="text-xl font-semibold">{t('clubsUi.noSelection.title')}</h2>
                  <p className="text-ink-muted">{t('clubsUi.noSelection.body')}</p>
                </div>
              )}
            </div>
          </div>
        </Tabs.Content>
        <Tabs.Content value="discussions" className="focus-visible:outline-offset-4">
          <ClubDiscussions clubId={clubId} onSelectClub={(id) => update({ club: id })} />
        </Tabs.Content>
        <Tabs.Content value="events" className="focus-visible:outline-offset-4">
          <ClubEvents clubId={clubId} onSelectClub={(id) => update({ club: id || null })} />
        </Tabs.Content>
      </Tabs.Root>

      {signedIn ? (
        <CreateClubDialog
          open={createOpen}
          onOpenChange={setCreateOpen}
          onCloseAutoFocus={(event) => {
            // Closed by creating a club: focus goes to it (Open Chat), not back to the Add button.
            if (!justCreatedRef.current) return;
            justCreatedRef.current = false;
            event.preventDefault();
          }}
          onCreated={(id) => {
            justCreatedRef.current = true;
            setCreatedId(id);
            update({ club: id, tab: null });
            setNarrowView('club');
          }}
        />
      ) : null}
    </PageFrame>
  );
}
