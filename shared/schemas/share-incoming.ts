import { z } from 'zod';
import { INCOMING_METHODS, INCOMING_SOURCES } from '../constants.ts';
import { httpUrlField } from './fields.ts';

/** Body of the share-incoming function: a link received from another app. */
export const shareIncomingPayloadSchema = z.object({
  url: httpUrlField('URL is required'),
  source: z.enum(INCOMING_SOURCES).default('generic'),
  method: z.enum(INCOMING_METHODS).default('web_share_target'),
});
