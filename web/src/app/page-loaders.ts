/**
 * The chunks of a signed-in first load's route chain, loaded by the routes (routes.tsx) and started
 * early by the entry's first import (route-preload.ts), before React is evaluated: one module
 * specifier each, so both ask for the same download. Imports nothing at runtime.
 */
export const loadDataProviders = () => import('./data-providers.tsx');
export const loadSignedInLayout = () => import('../routes/signed-in/signed-in-layout.tsx');
export const loadDashboardPage = () => import('../routes/dashboard/dashboard-page.tsx');
export const loadCategoryPage = () => import('../routes/category/category-page.tsx');
