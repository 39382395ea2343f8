/** The appearance rules live in shared/ui so the extension popup paints the same saved theme and accent. */
export * from '~shared/ui/appearance-style.ts';
