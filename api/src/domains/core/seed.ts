import { eq, sql } from 'drizzle-orm';
import { LOCALE_CODES, LOCKED_DEMO_SERVER, type LocaleCode, type ServerCode } from '@landing/domain';
import { defineSeeder } from '../../db/seed.js';
import { landingHeaderTexts, servers } from './tables.js';

/**
 * Landing header promo per server in the nine interface languages (plain text, shown above the
 * landing page; spec §3 landingHeaderCode). Royal is the NEW server, so its teaser advertises the
 * launch. Every translation keeps the numbers of the English text. Written to
 * `landing_header_texts` by the `core-i18n` seeder (`core-i18n` below).
 */
export const LANDING_HEADER_TEXTS: Record<ServerCode, Record<LocaleCode, string>> = {
  pl: {
    en: 'Legacy Weekend Cup: double training XP for every match until Sunday 23:59!',
    ru: 'Кубок выходных Legacy: двойной опыт тренировок за каждый матч до 23:59 воскресенья!',
    pl: 'Weekendowy Puchar Legacy: podwójne XP z treningu za każdy mecz do niedzieli, godz. 23:59!',
    br: 'Copa de Fim de Semana Legacy: XP de treino em dobro em todas as partidas até domingo, 23:59!',
    es: 'Copa de Fin de Semana Legacy: ¡XP de entrenamiento doble en cada partido hasta el domingo a las 23:59!',
    it: 'Coppa del Weekend Legacy: XP di allenamento doppi in ogni partita fino a domenica alle 23:59!',
    de: 'Legacy-Wochenend-Cup: doppelte Trainings-XP für jedes Spiel bis Sonntag, 23:59 Uhr!',
    fr: 'Coupe du week-end Legacy : XP d’entraînement doublée à chaque match jusqu’à dimanche 23 h 59 !',
    tr: 'Legacy Hafta Sonu Kupası: pazar 23:59’a kadar her maçta iki kat antrenman XP’si!',
  },
  classic: {
    en: 'Summer transfer window is open: gold packs 20% off until the end of the week.',
    ru: 'Летнее трансферное окно открыто: золотые паки со скидкой 20% до конца недели.',
    pl: 'Letnie okno transferowe otwarte: złote paczki 20% taniej do końca tygodnia.',
    br: 'A janela de transferências de verão está aberta: pacotes de ouro com 20% de desconto até o fim da semana.',
    es: 'El mercado de fichajes de verano está abierto: sobres de oro con un 20 % de descuento hasta el final de la semana.',
    it: 'Il calciomercato estivo è aperto: pacchetti oro scontati del 20% fino alla fine della settimana.',
    de: 'Das Sommer-Transferfenster ist geöffnet: Gold-Packs bis zum Ende der Woche 20 % günstiger.',
    fr: 'Le mercato estival est ouvert : packs Or à -20 % jusqu’à la fin de la semaine.',
    tr: 'Yaz transfer dönemi açıldı: altın paketlerde haftanın sonuna kadar %20 indirim.',
  },
  royal: {
    en: 'Royal is NEW: found a club in the first month and get 3 free keys and 500 energy.',
    ru: 'Royal — НОВЫЙ сервер: основайте клуб в первый месяц и получите 3 бесплатных ключа и 500 энергии.',
    pl: 'Royal jest NOWY: załóż klub w pierwszym miesiącu i odbierz 3 darmowe klucze oraz 500 energii.',
    br: 'Royal é NOVO: funde um clube no primeiro mês e ganhe 3 chaves grátis e 500 de energia.',
    es: 'Royal es NUEVO: funda un club durante el primer mes y consigue 3 llaves gratis y 500 de energía.',
    it: 'Royal è NUOVO: fonda un club entro il primo mese e ricevi 3 chiavi gratuite e 500 di energia.',
    de: 'Royal ist NEU: Gründe im ersten Monat einen Verein und erhalte 3 Gratis-Schlüssel und 500 Energie.',
    fr: 'Royal est NOUVEAU : fondez un club au cours du premier mois et recevez 3 clés gratuites et 500 d’énergie.',
    tr: 'Royal YENİ: ilk ay içinde bir kulüp kur, 3 ücretsiz anahtar ve 500 enerji kazan.',
  },
  en: {
    en: 'EN test server: features appear here first and data may be reset at any time.',
    ru: 'Тестовый сервер EN: новые функции появляются здесь первыми, а данные могут быть сброшены в любой момент.',
    pl: 'Serwer testowy EN: nowe funkcje pojawiają się tu najpierw, a dane mogą zostać zresetowane w każdej chwili.',
    br: 'Servidor de teste EN: as novidades chegam aqui primeiro e os dados podem ser redefinidos a qualquer momento.',
    es: 'Servidor de pruebas EN: las novedades llegan aquí primero y los datos pueden reiniciarse en cualquier momento.',
    it: 'Server di prova EN: le novità arrivano prima qui e i dati possono essere azzerati in qualsiasi momento.',
    de: 'EN-Testserver: Neue Funktionen erscheinen hier zuerst, und die Daten können jederzeit zurückgesetzt werden.',
    fr: 'Serveur de test EN : les nouveautés arrivent ici en premier et les données peuvent être réinitialisées à tout moment.',
    tr: 'EN test sunucusu: yeni özellikler önce burada yayınlanır ve veriler her an sıfırlanabilir.',
  },
};

/**
 * English landing header promo per server, stored in `servers.landing_header_code` (the last
 * fallback of `GET /:server/landing` when `landing_header_texts` has no row for the server).
 */
export const LANDING_HEADER_CODES: Record<ServerCode, string> = {
  pl: LANDING_HEADER_TEXTS.pl.en,
  classic: LANDING_HEADER_TEXTS.classic.en,
  royal: LANDING_HEADER_TEXTS.royal.en,
  en: LANDING_HEADER_TEXTS.en.en,
};

/**
 * Core seed: the English landing header text of each server (the server rows come from migration
 * 0001). The per-language texts are seeded by the separate `core-i18n` domain, so databases whose
 * `core` marker predates migration 0003 get them on their next start.
 */
export const core = defineSeeder({
  domain: 'core',
  order: 0,
  async seedServer(tx, { server }) {
    await tx
      .update(servers)
      .set({ landingHeaderCode: LANDING_HEADER_CODES[server], updatedAt: sql`now()` })
      .where(eq(servers.code, server));
    return 'landing header code';
  },
  async resetServer(tx, server) {
    await tx.update(servers).set({ landingHeaderCode: null }).where(eq(servers.code, server));
  },
});

/**
 * Landing header promo of each server in the nine interface languages (spec §3
 * landingHeaderCode), into `landing_header_texts` (migration 0003). A domain of its own, not part
 * of `core`: an existing database has its `core` marker already, and this marker is what makes the
 * next start fill the new table. Upserts, so a row written by hand is replaced by the seed text.
 */
export const coreI18n = defineSeeder({
  domain: 'core-i18n',
  order: 1,
  async seedServer(tx, { server }) {
    const texts = LANDING_HEADER_TEXTS[server];
    await tx
      .insert(landingHeaderTexts)
      .values(LOCALE_CODES.map((lang) => ({ server, lang, text: texts[lang] })))
      .onConflictDoUpdate({
        target: [landingHeaderTexts.server, landingHeaderTexts.lang],
        set: { text: sql`excluded.text`, updatedAt: sql`now()` },
      });
    return `landing header texts in ${LOCALE_CODES.length} languages`;
  },
  async resetServer(tx, server) {
    await tx.delete(landingHeaderTexts).where(eq(landingHeaderTexts.server, server));
  },
});

/**
 * Outside production, one locked server (spec §2: listed dimmed with a lock icon): the `servers`
 * row of {@link LOCKED_DEMO_SERVER}. It is written with the test server `en`, which exists only
 * outside production (spec §9), so a production database never gets it.
 */
export const coreLocked = defineSeeder({
  domain: 'core-locked',
  order: 2,
  async seedServer(tx, { server }) {
    if (server !== 'en') return 'locked demo server only with the test server';
    const { code, name, timeZone, status } = LOCKED_DEMO_SERVER;
    await tx.insert(servers).values({ code, name, timeZone, status }).onConflictDoNothing();
    return `locked server ${code}`;
  },
  async resetServer(tx, server) {
    if (server === 'en') await tx.delete(servers).where(eq(servers.code, LOCKED_DEMO_SERVER.code));
  },
});

export default [core, coreI18n, coreLocked];
