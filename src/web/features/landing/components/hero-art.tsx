/** The hero's picture, drawn in SVG (no image request): a net, the court lines and the ball in the air. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 260" className={className} aria-hidden="true" focusable="false">
      <defs>
        <pattern id="hero-net-mesh" width="10" height="10" patternUnits="userSpaceOnUse">
          <path d="M10 0H0V10" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="1" />
        </pattern>
      </defs>
      {/* Court in perspective */}
      <path d="M40 250 100 150h120l60 100Z" fill="currentColor" fillOpacity="0.08" />
      <path
        d="M40 250 100 150h120l60 100Z M70 200h180 M160 150v100"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.35"
        strokeWidth="2"
      />
      {/* Net and posts */}
      <path d="M86 96v66 M234 96v66" stroke="currentColor" strokeOpacity="0.7" strokeWidth="4" strokeLinecap="round" />
      <rect x="86" y="100" width="148" height="34" fill="url(#hero-net-mesh)" />
      <path d="M86 100h148" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path d="M86 134h148" stroke="currentColor" strokeOpacity="0.6" strokeWidth="2" />
      {/* The ball's flight */}
      <path
        d="M52 120C80 40 160 18 226 52"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.5"
        strokeWidth="2.5"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <g transform="translate(252 60)">
        <circle r="30" className="fill-ball stroke-white" strokeWidth="3" />
        <path
          d="M0-30c-6 12-6 24 0 30s18 9 30 3M0 0c-9 6-21 9-30 3M0 0c6 6 9 18 6 30"
          fill="none"
          className="stroke-brand-900"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      </g>
    </svg>
  );
}
