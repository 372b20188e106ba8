import { useId } from 'react';

export interface LogoProps {
  size?: number;
  title?: string;
}

/** The AI Vault mark: a vault dial with a spark, on the brand gradient. Same art as public/logo.svg. */
export function Logo({ size = 32, title }: LogoProps) {
  const gradientId = `aiv-grad-${useId().replace(/:/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#4F46E5" />
          <stop offset="1" stopColor="#9333EA" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradientId})`} />
      <circle cx="30" cy="35" r="15" fill="none" stroke="#fff" strokeWidth="5" />
      <circle cx="30" cy="35" r="4.5" fill="#fff" />
      <path d="M30 24.5v4M30 41.5v4M19.5 35h4M36.5 35h4" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M50 7l2.2 5.3L57.5 14.5l-5.3 2.2L50 22l-2.2-5.3L42.5 14.5l5.3-2.2z" fill="#FDE68A" />
    </svg>
  );
}
