/** The flag of North Cyprus, drawn inline: it has no emoji and the CSP allows no remote images. */
export function NorthCyprusFlag({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 2) / 3} viewBox="0 0 30 20" aria-hidden="true">
      <rect width="30" height="20" fill="#fff" stroke="#ddd" strokeWidth="0.5" />
      <rect y="2" width="30" height="2" fill="#e30a17" />
      <rect y="16" width="30" height="2" fill="#e30a17" />
      <circle cx="13" cy="10" r="4.2" fill="#e30a17" />
      <circle cx="14.2" cy="10" r="3.4" fill="#fff" />
      <polygon
        points="15.7,10 16.97,9.54 17.01,8.19 17.84,9.26 19.14,8.88 18.38,10 19.14,11.12 17.84,10.74 17.01,11.81 16.97,10.46"
        fill="#e30a17"
      />
    </svg>
  );
}
