import { loadNodemailer } from '../../lib/optional-modules.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * An SMTP mailer for the URL of SMTP_URL. Nodemailer's own logger stays off: it would write the
 * AUTH exchange, and the URL, which holds the password, is never logged by anyone.
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = loadNodemailer().createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
