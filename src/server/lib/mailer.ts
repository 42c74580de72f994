import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  readonly configured: boolean
  send(mail: Mail): Promise<void>
}

/** SMTP from `SMTP_URL` (smtp://user:pass@host:port); without it nothing can be mailed. */
export function createMailer(smtp: { url: string; from: string } | null): Mailer {
  if (!smtp) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP is not configured')),
    }
  }
  const transport = nodemailer.createTransport(smtp.url)
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail })
    },
  }
}
