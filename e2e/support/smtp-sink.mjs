/**
 * A minimal SMTP server that keeps what it receives (recipients, subject), for harnesses that
 * check the product's real SMTP client: plain SMTP, no TLS offered, one message per DATA.
 */
import { createServer } from 'node:net';

export function startSmtpSink() {
  const received = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let recipients = [];
    let data = '';
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 timekeep-harness-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const subject = /^Subject: (.*)$/im.exec(data)?.[1] ?? '';
            received.push({ recipients, subject, data });
            recipients = [];
            data = '';
            reply('250 OK: queued');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 timekeep-harness-smtp');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolveStart) => {
    server.listen(0, '127.0.0.1', () => {
      resolveStart({
        port: server.address().port,
        received,
        /** Messages to `email` (any case). */
        to: (email) => received.filter((mail) => mail.recipients.includes(email.toLowerCase())),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
