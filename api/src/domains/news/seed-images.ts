/**
 * Generated illustrations of the demo news (no external images): a 16:9 SVG with a gradient, the
 * lines of a football pitch and a themed emblem. Static markup only — no scripts, no external
 * references, no text (so one image serves every language).
 */

/** Emblems available for an article. */
type NewsIcon =
  'ball' | 'trophy' | 'gear' | 'poll' | 'pack' | 'star' | 'whistle' | 'friends' | 'wrench' | 'phone' | 'clipboard' | 'tactics';

/** Look of one article's image. Colours are `#rrggbb`. */
export interface NewsImageTheme {
  icon: NewsIcon;
  /** Gradient start (top left). */
  from: string;
  /** Gradient end (bottom right). */
  to: string;
  /** Emblem and glow colour. */
  accent: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Emblem artwork, drawn around (0,0) in a ~180 px box, stroked with the accent colour. */
const ICONS: Record<NewsIcon, string> = {
  ball:
    '<circle r="78" fill="#f4f7ff"/>' +
    '<path d="M0-30 28-10 18 24h-36l-10-34z" fill="#111a2b"/>' +
    '<path d="M0-30V-78M28-10 72-26M18 24 44 62M-18 24-44 62M-28-10-72-26" stroke="#111a2b" stroke-width="6"/>' +
    '<path d="M-22-74 0-78 22-74 0-58zM74-18 70 10 52 4 58-26zM46 60 24 74 16 56 38 44zM-46 60-24 74-16 56-38 44zM-74-18-70 10-52 4-58-26z" fill="#111a2b"/>',
  trophy:
    '<path d="M-52-70h104v34c0 40-22 66-52 72-30-6-52-32-52-72z" fill="ACCENT"/>' +
    '<path d="M-52-56h-26c0 34 14 52 34 56M52-56h26c0 34-14 52-34 56" fill="none" stroke="ACCENT" stroke-width="10" stroke-linecap="round"/>' +
    '<rect x="-12" y="36" width="24" height="26" fill="ACCENT"/><rect x="-44" y="60" width="88" height="20" rx="6" fill="ACCENT"/>' +
    '<path d="m0-50 9 18 20 3-14 14 3 20-18-9-18 9 3-20-14-14 20-3z" fill="#0b1220" fill-opacity=".55"/>',
  gear:
    '<g fill="ACCENT"><circle r="52"/>' +
    [0, 45, 90, 135, 180, 225, 270, 315]
      .map((a) => `<rect x="-13" y="-80" width="26" height="34" rx="6" transform="rotate(${a})"/>`)
      .join('') +
    '</g><circle r="22" fill="#0b1220" fill-opacity=".8"/>',
  poll:
    '<rect x="-80" y="-80" width="160" height="160" rx="18" fill="#0b1220" fill-opacity=".5" stroke="ACCENT" stroke-width="6"/>' +
    '<rect x="-56" y="-52" width="96" height="18" rx="9" fill="ACCENT"/><rect x="-56" y="-18" width="120" height="18" rx="9" fill="ACCENT" fill-opacity=".8"/>' +
    '<rect x="-56" y="16" width="64" height="18" rx="9" fill="ACCENT" fill-opacity=".6"/><path d="m-50 56 14 14 28-30" fill="none" stroke="#f4f7ff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>',
  pack:
    '<path d="M-70-40 0-76 70-40V48L0 84-70 48z" fill="ACCENT"/><path d="M-70-40 0-4 70-40M0-4V84" fill="none" stroke="#0b1220" stroke-opacity=".45" stroke-width="6"/>' +
    '<path d="m0-58 7 14 15 2-11 11 3 15-14-7-14 7 3-15-11-11 15-2z" fill="#f4f7ff"/>',
  star:
    '<path d="m0-86 24 52 56 6-42 38 12 56-50-30-50 30 12-56-42-38 56-6z" fill="ACCENT"/>' +
    '<path d="m0-48 12 26 28 3-21 19 6 28-25-15-25 15 6-28-21-19 28-3z" fill="#f4f7ff" fill-opacity=".85"/>',
  whistle:
    '<circle cx="-18" cy="18" r="54" fill="ACCENT"/><path d="M-18-36h96v40h-54" fill="ACCENT"/>' +
    '<circle cx="-18" cy="18" r="20" fill="#0b1220" fill-opacity=".6"/><path d="M-60-64c-10-10-24-12-34-6" fill="none" stroke="ACCENT" stroke-width="8" stroke-linecap="round"/>',
  friends:
    '<circle cx="-34" cy="-34" r="28" fill="ACCENT"/><circle cx="36" cy="-26" r="24" fill="ACCENT" fill-opacity=".75"/>' +
    '<path d="M-84 66c0-40 22-62 50-62s50 22 50 62z" fill="ACCENT"/><path d="M10 66c2-28 8-48 26-54 24 0 46 20 46 54z" fill="ACCENT" fill-opacity=".75"/>',
  wrench: '<path d="M46-78a44 44 0 0 0-44 58l-76 76a16 16 0 0 0 22 22l76-76a44 44 0 0 0 58-44l-26 26-24-6-6-24z" fill="ACCENT"/>',
  phone:
    '<rect x="-46" y="-84" width="92" height="168" rx="16" fill="#0b1220" fill-opacity=".6" stroke="ACCENT" stroke-width="8"/>' +
    '<rect x="-32" y="-62" width="64" height="104" rx="6" fill="ACCENT" fill-opacity=".5"/><circle cy="62" r="8" fill="ACCENT"/>' +
    '<circle cy="-10" r="22" fill="#f4f7ff"/>',
  clipboard:
    '<rect x="-64" y="-76" width="128" height="160" rx="14" fill="ACCENT"/><rect x="-28" y="-88" width="56" height="26" rx="8" fill="#f4f7ff"/>' +
    '<g fill="none" stroke="#0b1220" stroke-width="7" stroke-linecap="round" stroke-opacity=".7"><circle cx="-28" cy="-26" r="10"/><circle cx="28" cy="30" r="10"/>' +
    '<path d="m18-38 20 20m0-20-20 20M-34 40l16-16M-18 40l-16-16M-14-12c20 8 30 20 34 32"/></g>',
  tactics:
    '<rect x="-86" y="-62" width="172" height="124" rx="10" fill="#0b1220" fill-opacity=".5" stroke="ACCENT" stroke-width="6"/>' +
    '<path d="M0-62V62" stroke="ACCENT" stroke-width="4"/><circle r="22" fill="none" stroke="ACCENT" stroke-width="4"/>' +
    '<g fill="#f4f7ff"><circle cx="-62" cy="0" r="8"/><circle cx="-36" cy="-36" r="8"/><circle cx="-36" cy="36" r="8"/><circle cx="-20" cy="0" r="8"/>' +
    '<circle cx="20" cy="-24" r="8"/><circle cx="20" cy="24" r="8"/><circle cx="50" cy="0" r="8"/></g>',
};

/**
 * Renders the SVG document of an article image (800×450).
 *
 * @param theme icon and colours (colours must be `#rrggbb`)
 * @param variant small deterministic variation of the decoration (e.g. the article's index)
 * @throws Error when a colour is not `#rrggbb`
 */
export function renderNewsImage(theme: NewsImageTheme, variant = 0): string {
  for (const c of [theme.from, theme.to, theme.accent]) if (!HEX.test(c)) throw new Error(`Bad colour ${c}`);
  const icon = ICONS[theme.icon].replaceAll('ACCENT', theme.accent);
  const glowX = 62 + (variant % 3) * 8;
  const stripes = Array.from({ length: 8 }, (_, i) =>
    i % 2 === 0 ? `<rect x="${i * 100}" y="0" width="100" height="450" fill="#ffffff" fill-opacity=".025"/>` : '',
  ).join('');
  const sparks = Array.from({ length: 7 }, (_, i) => {
    const x = 90 + ((i * 137 + variant * 53) % 620);
    const y = 50 + ((i * 89 + variant * 31) % 350);
    const r = 2 + ((i + variant) % 3);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${theme.accent}" fill-opacity=".5"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${glowX}%" cy="45%" r="55%"><stop offset="0" stop-color="${theme.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${theme.accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="800" height="450" fill="url(#bg)"/>${stripes}<rect width="800" height="450" fill="url(#glow)"/>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity=".16" stroke-width="3">` +
    `<rect x="30" y="25" width="740" height="400" rx="4"/><path d="M400 25v400"/><circle cx="400" cy="225" r="72"/>` +
    `<rect x="30" y="120" width="112" height="210"/><rect x="30" y="175" width="44" height="100"/>` +
    `<rect x="658" y="120" width="112" height="210"/><rect x="726" y="175" width="44" height="100"/>` +
    `<path d="M142 182a58 58 0 0 1 0 86M658 182a58 58 0 0 0 0 86"/></g>` +
    `<circle cx="400" cy="225" r="4" fill="#ffffff" fill-opacity=".3"/>${sparks}` +
    `<g transform="translate(${400 + ((variant % 2) * 2 - 1) * 150} 225)"><circle r="118" fill="#0b1220" fill-opacity=".35" stroke="${theme.accent}" stroke-opacity=".7" stroke-width="4"/>${icon}</g>` +
    `</svg>`
  );
}
