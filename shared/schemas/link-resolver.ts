import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { linkSchema, type LinkFormValues, type LinkInput } from './link.ts';

/** LinkForm's resolver, in a module of its own: zod loads with it, when the form first validates (shared/ui/link-form.tsx). */
export const linkResolver: Resolver<LinkFormValues, unknown, LinkInput> = zodResolver(linkSchema);
