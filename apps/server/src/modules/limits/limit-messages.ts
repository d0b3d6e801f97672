const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** What a person over a limit reads: what they have already, and what to wait for. */
export const limitMessages = {
  exports: (max: number) =>
    `You already have ${max === 1 ? 'an export' : `${max} exports`} downloading. Wait for ${max === 1 ? 'it' : 'one of them'} to finish, then export again.`,
  previews: (max: number) =>
    `You already have ${max === 1 ? 'an import preview' : `${max} import previews`} waiting or running. Wait for ${max === 1 ? 'it' : 'one of them'} to finish, then preview again.`,
  searches: (wait: number) => `Too many searches in a short time. Wait ${seconds(wait)}, then search again.`,
  lookups: (wait: number) =>
    `Too many quick searches in a short time. Wait ${seconds(wait)}, then search again.`,
} as const;
