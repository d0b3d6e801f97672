import { useEffect, useState } from 'react';
import { currentHour } from '../../lib/dates';

/** The current hour, updated every minute so the greeting follows the clock. */
export function useCurrentHour(): number {
  const [hour, setHour] = useState(() => currentHour());
  useEffect(() => {
    const timer = window.setInterval(() => setHour(currentHour()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return hour;
}
