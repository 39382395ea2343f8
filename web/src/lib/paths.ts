import { ALL_TEMPLATES_CATEGORY_ID } from '~shared/constants.ts';

/** A template folder's page (/category/all-templates/:templateId), one of the folder view's modes. */
export const templatePath = (id: string) => `/category/${ALL_TEMPLATES_CATEGORY_ID}/${id}`;
