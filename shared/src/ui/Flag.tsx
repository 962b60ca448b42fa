/**
 * The flag of a country or region (`@landing/shared/flags`), from `country-flag-icons` (3:2 SVG
 * files; emoji flags do not render everywhere) as CSS background images (./flags.css, imported
 * here, so it lands in the CSS of each app that shows a flag): the images are files the browser
 * fetches once and caches, none of them is in the JavaScript. A code without an image shows
 * `fallback` as text on a badge instead. A subpath of the package, not its main entry: only the
 * apps with flags (mf-bets teams, mf-leaderboard players) bundle it.
 */
import './flags.css';

/** Codes with a flag image in ./flags.css: ISO 3166-1 alpha-2, or a subdivision (`GB-ENG`). */
// prettier-ignore
const FLAG_IMAGES: ReadonlySet<string> = new Set([
  'AL', 'AM', 'AR', 'AT', 'AU', 'AZ', 'BE', 'BG', 'BR', 'BY', 'CA', 'CH', 'CI', 'CL', 'CO', 'CY', 'CZ', 'DE',
  'DK', 'DZ', 'EC', 'EG', 'ES', 'FR', 'GB', 'GB-ENG', 'GB-SCT', 'GE', 'GH', 'GR', 'HR', 'HU', 'IE', 'IN',
  'IR', 'IT', 'JP', 'KR', 'LT', 'MA', 'ML', 'MX', 'NG', 'NL', 'PL', 'PT', 'RO', 'RS', 'RU', 'SI', 'SK', 'SN',
  'TN', 'TR', 'UA', 'US', 'UY',
]);

export interface FlagProps {
  /** ISO 3166-1 alpha-2 (`PL`) or subdivision (`GB-ENG`), upper case. */
  code: string;
  /** Text on the badge shown when `code` has no image (a team code `GER`, the ISO code itself, `—`). */
  fallback: string;
  /**
   * The app's BEM block for its own look (`bt-flag`): the element gets `<block>` and
   * `<block>--img` or `<block>--badge`, besides the kit's `ui-flag` classes.
   */
  block: string;
  /** Accessible name (`role="img"`): the country's name; none: decorative (`aria-hidden`), the name is written next to it. */
  label?: string;
  /** Width in px; the height is two thirds of it. None: the block's CSS sizes it. */
  width?: number;
}

/**
 * A flag: the image of `code` as the background of a box (`width` × two thirds, px), or a
 * badge with `fallback` for a code without one. `data-flag` carries the code of an image.
 */
export function Flag({ code, fallback, block, label, width }: FlagProps) {
  const style = width === undefined ? undefined : { width, height: Math.round((width * 2) / 3) };
  const a11y = label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  if (!FLAG_IMAGES.has(code)) {
    return (
      <span className={`${block} ${block}--badge`} style={style} {...a11y}>
        {fallback}
      </span>
    );
  }
  return <span className={`${block} ${block}--img ui-flag ui-flag--img ui-flag--${code}`} style={style} {...a11y} data-flag={code} />;
}
