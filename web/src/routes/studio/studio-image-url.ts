import { STORAGE_BUCKETS } from '~shared/constants.ts';
import { publicObjectUrl } from '~shared/data/studio/public-page.ts';

const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL;
export const mainPhotoUrl = (path: string) => publicObjectUrl(SUPABASE_URL, STORAGE_BUCKETS.mainPhotos, path);
export const messageImageUrl = (path: string) => publicObjectUrl(SUPABASE_URL, STORAGE_BUCKETS.messageImages, path);
