import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free 127.0.0.1 port that accepts one user's login and keeps what it
 * receives, decoded enough to read: unfolded headers and a quoted-printable or base64 body.
 */
export async function startSmtpSink(user: string, password: string) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // No TLS on a test port: without STARTTLS on offer the client logs in over the plain connection.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...readMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n').trimEnd() };
}
