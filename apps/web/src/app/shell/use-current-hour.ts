import { useEffect, useState } from 'react';

/** The hour (0–23) in the browser's time zone. */
const currentHour = () => new Date().getHours();

/** The current hour, updated every minute so the greeting follows the clock. */
export function useCurrentHour(): number {
  const [hour, setHour] = useState(() => currentHour());
  useEffect(() => {
    const timer = window.setInterval(() => setHour(currentHour()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return hour;
}
