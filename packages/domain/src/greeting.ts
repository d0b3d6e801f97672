export const GREETING_EMOJIS = ['👋', '😊', '🌟', '🚀', '☕', '🌞', '🎉', '💼', '🙌', '✨'] as const;

/** "Good morning" before 12:00, "Good afternoon" before 18:00, else "Good evening" (000 §2.4). */
export function greeting(hour: number, name: string | null | undefined): string {
  const who = name?.trim() ? name.trim() : 'Guest';
  if (hour < 12) return `Good morning, ${who}`;
  if (hour < 18) return `Good afternoon, ${who}`;
  return `Good evening, ${who}`;
}

export function randomGreetingEmoji(random: () => number = Math.random): string {
  return GREETING_EMOJIS[Math.floor(random() * GREETING_EMOJIS.length)] ?? GREETING_EMOJIS[0];
}
