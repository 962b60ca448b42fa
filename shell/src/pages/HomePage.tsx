import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  NumberCounter,
  findServer,
  gameUrlFor,
  holdInputIn,
  loadQueryRuntime,
  useApiClient,
  useLandingStore,
  usePageMeta,
  useQueryData,
  useReadScope,
  type ServerCode,
  type Stats,
} from '@landing/shared';
import { landingQuery, statsQuery } from '../data/queries';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { withQueryCache } from '../data/with-query-cache';
import { trackPending, whenNearViewport } from '../remotes/slot-scheduling';
import { Pitch } from './Pitch';
import { Icon } from './icons';

/** Id of the founder pack's section (FounderPack.tsx), found in the server's HTML before its code loads. */
const FOUNDER_SECTION_ID = 'founder-pack';
/** Distance below the viewport (px) at which the founder pack's code starts loading in the browser. */
const FOUNDER_LOAD_MARGIN_PX = 200;

/**
 * The founder-pack sign-up in its own chunk (with react-hook-form): only the home page loads it.
 * The server renders it into the first HTML (it waits for every boundary). In the browser its
 * code loads once its section comes within {@link FOUNDER_LOAD_MARGIN_PX} of the viewport (or at
 * the reader's first input, see `whenNearViewport`); until then its Suspense boundary keeps the
 * server's HTML, and input inside it is held and the last click replayed once it has hydrated
 * (`holdInputIn`, shared/src/ui/held-input.ts).
 * A client render (no server HTML) loads it at once.
 */
const FounderPack = lazy(async () => {
  const section = typeof document === 'undefined' ? null : document.getElementById(FOUNDER_SECTION_ID);
  const releaseClicks = section ? holdInputIn(section) : () => undefined;
  await whenNearViewport(section, FOUNDER_LOAD_MARGIN_PX);
  // TanStack Query (its sign-up and offer) loads with it (shell/src/data/with-query-cache.tsx).
  const [{ FounderPack: Pack }] = await trackPending(Promise.all([import('./FounderPack'), loadQueryRuntime()]));
  const Live = withQueryCache(Pack);
  function HydratedFounderPack(props: ComponentProps<typeof Pack>) {
    return <Live {...props} onLive={releaseClicks} />;
  }
  return { default: HydratedFounderPack };
});

const FEATURES = ['train', 'matches', 'clubs', 'stadium', 'market', 'packs', 'bets', 'chat'] as const;
/** The two ways to play, each with an icon, a title (`roles.<role>`) and a text (`roles.<role>Text`). */
const ROLES = ['player', 'manager'] as const;

const STAT_KEYS = ['registeredUsers', 'numberOfTeams', 'onlineUsers'] as const satisfies ReadonlyArray<keyof Stats>;

/**
 * A card of the home page (features, roles): an icon over a heading and a text.
 * @param children `[heading, text]`, already translated
 */
function IconCard({
  as: Tag,
  className,
  iconClassName,
  titleClassName,
  textClassName,
  icon,
  children: [title, text],
}: {
  as: 'li' | 'div';
  className: string;
  iconClassName: string;
  titleClassName?: string;
  textClassName?: string;
  icon: ComponentProps<typeof Icon>['name'];
  children: [string, string];
}) {
  return (
    <Tag className={className}>
      <span className={iconClassName}>
        <Icon name={icon} />
      </span>
      <h3 className={titleClassName}>{title}</h3>
      <p className={textClassName}>{text}</p>
    </Tag>
  );
}

/** The stats strip's frame; `stats` undefined shows dashes (loading, or the API is unreachable). */
function StatsFrame({ stats, animate }: { stats: Stats | undefined; animate: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <section className="stats" aria-label={t('stats.label')} data-testid="stats">
      <div className="stats__inner ui-container">
        {STAT_KEYS.map((key) => (
          <div key={key} className={`stats__item stats__item--${key}`}>
            <span className="stats__value" data-testid={`stat-${key}`} data-value={stats?.[key] ?? ''}>
              {stats === undefined ? '—' : <NumberCounter value={stats[key]} animateFromZero={animate} />}
            </span>
            <span className="stats__label">{t(`stats.${key}`)}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Stats strip (spec §1, §3): registered users, teams, online users as number counters (§9).
 * Server-rendered with its numbers; numbers that arrive after the first render count up from 0.
 */
function StatsNumbers({ server }: { server: ServerCode }) {
  const data = useQueryData(statsQuery(useApiClient(), useReadScope(server)), { keepPrevious: true, suspendOnServer: true });
  // Present at the first render (server-rendered or cached): shown at once, no count from 0.
  const [hadData] = useState(data !== undefined);
  return <StatsFrame stats={data} animate={!hadData} />;
}

function StatsStrip({ server }: { server: ServerCode }) {
  return (
    <Suspense fallback={<StatsFrame stats={undefined} animate={false} />}>
      <StatsNumbers server={server} />
    </Suspense>
  );
}

/**
 * Landing home `/{server}` (spec §1, §2): hero, `landingHeaderCode` banner (the landing query the
 * layout loads, in the interface language), stats strip, game features, player-or-manager choice,
 * mild-profanity note, the news teaser and leaderboard remotes.
 */
export function HomePage({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const user = useLandingStore((s) => s.userData);
  const headerCode = useQueryData(landingQuery(useApiClient(), useReadScope(server)))?.landing_header_code ?? null;
  const openModal = useLandingStore((s) => s.openModal);
  const setTab = useLandingStore((s) => s.setAuthActiveTab);
  usePageMeta({ title: `${t('hero.eyebrow')} · ${findServer(server)?.name ?? server}`, description: t('hero.text') });

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__bg" aria-hidden="true">
          <Pitch />
        </div>
        <div className="hero__inner ui-container">
          {headerCode ? (
            <p className="hero__banner ui-tint" data-testid="landing-header-code">
              {headerCode}
            </p>
          ) : null}
          <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('hero.title')}
          </h1>
          <p className="hero__text">{t('hero.text')}</p>
          <div className="hero__actions">
            {user ? (
              <a className="ui-btn ui-btn--gold hero__cta" href={gameUrlFor(server)}>
                {t('header.playNow')}
              </a>
            ) : (
              <>
                <Link className="ui-btn ui-btn--gold hero__cta" to={`/${server}/join`}>
                  {t('hero.cta')}
                </Link>
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost"
                  data-early-click="hero-login"
                  onClick={() => {
                    setTab('login');
                    openModal('authForm');
                  }}
                >
                  {t('hero.login')}
                </button>
              </>
            )}
          </div>
          <p className="hero__since">{t('hero.since')}</p>
        </div>
      </section>

      <StatsStrip server={server} />

      <section className="features ui-container" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('features.title')}
        </h2>
        <p className="section-lead">{t('features.lead')}</p>
        <ul className="features__grid">
          {FEATURES.map((f) => (
            <IconCard
              key={f}
              as="li"
              className="feature ui-card"
              iconClassName="feature__icon"
              titleClassName="feature__title"
              textClassName="feature__text"
              icon={f}
            >
              {[t(`features.${f}.title`), t(`features.${f}.text`)]}
            </IconCard>
          ))}
        </ul>
      </section>

      <section className="roles ui-container" aria-labelledby="roles-title">
        <div className="roles__card ui-card">
          <div>
            <h2 id="roles-title" className="section-title">
              {t('roles.title')}
            </h2>
            <p className="section-lead">{t('roles.text')}</p>
          </div>
          <div className="roles__options">
            {ROLES.map((role) => (
              <IconCard key={role} as="div" className="roles__option" iconClassName="roles__icon" icon={role}>
                {[t(`roles.${role}`), t(`roles.${role}Text`)]}
              </IconCard>
            ))}
          </div>
        </div>
      </section>

      <Suspense fallback={null}>
        <FounderPack server={server} />
      </Suspense>

      <section className="home__news ui-container" aria-label={t('nav.news')}>
        <RemoteSlot id="mf_news/NewsTeaser" props={{ server, count: 3 }} compact hydration="visible" />
      </section>

      <section className="home__leaderboard ui-container">
        <RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server, limit: 10 }} compact hydration="visible" />
      </section>

      <section className="devices ui-container">
        <p className="devices__text">{t('devices.text')}</p>
        <p className="devices__warning" role="note">
          {t('devices.profanity')}
        </p>
      </section>
    </div>
  );
}
