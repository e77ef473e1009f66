// Outgoing mail (password resets, invitations): an SMTP server, or .eml files under DATA_DIR/outbox.
import { z } from 'zod';
import { optionalText } from './values.ts';

export const mailVariables = {
  SMTP_URL: optionalText.describe(
    'SMTP server for mail (smtp://user:pass@host:587); unset = .eml files under DATA_DIR/outbox',
  ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Parcel Map <no-reply@localhost>')
    .describe('Sender of password-reset and invitation mail'),
  SALES_EMAIL: z
    .string()
    .min(3)
    .default('sales@localhost')
    .describe('Where bulk data licence enquiries (the /bulk form) are mailed'),
};
