/** Decorative football pitch drawn in SVG for the hero background (no image request). */
export function Pitch() {
  return (
    <svg className="pitch" viewBox="0 0 1200 600" preserveAspectRatio="xMidYMid slice" role="presentation">
      <defs>
        <linearGradient id="pitch-g" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f3d2a" />
          <stop offset="1" stopColor="#0b1220" />
        </linearGradient>
        <pattern id="pitch-stripes" width="120" height="600" patternUnits="userSpaceOnUse">
          <rect width="60" height="600" fill="rgba(255,255,255,0.025)" />
        </pattern>
      </defs>
      <rect width="1200" height="600" fill="url(#pitch-g)" />
      <rect width="1200" height="600" fill="url(#pitch-stripes)" />
      <g fill="none" stroke="rgba(255,255,255,0.14)" strokeWidth="3">
        <rect x="60" y="40" width="1080" height="520" />
        <line x1="600" y1="40" x2="600" y2="560" />
        <circle cx="600" cy="300" r="90" />
        <rect x="60" y="170" width="150" height="260" />
        <rect x="990" y="170" width="150" height="260" />
        <rect x="60" y="240" width="55" height="120" />
        <rect x="1085" y="240" width="55" height="120" />
      </g>
      <circle cx="600" cy="300" r="5" fill="rgba(255,255,255,0.3)" />
    </svg>
  );
}
